import type { RJSFSchema } from '@rjsf/utils';
import { useAtom, useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { inputSchema } from '../../../domain/flow/runtime/inputSchema';
import type { RestMethodFlow } from '../../../domain/flow/types';
import type { FormDefinition } from '../../../engine/form/formDefinition';
import { SchemaForm } from '../../../engine/form/SchemaForm';
import { t } from '../../../messages/t';
import { useNotifyError } from '../../../shell/notifications/useNotify';
import type { FieldError } from '../../../validation/fieldErrors';
import { flowDraftAtom } from '../editor/flowEditorState';
import { RunResult } from './RunResult';
import { testRun } from './testRunQueries';
import { type TestRunResult, testRunAtom } from './testRunState';

const NO_FIELDS: never[] = [];
const NO_BLOCKS: never[] = [];

/** Never called: the form shows the server's errors (the console's CSP allows no schema compiling). */
const serverValidates = Object.assign(() => true, { errors: null });

/** A run's 400 answer as field errors of the form: the server validated the input with the same schema. */
function inputErrors(result: TestRunResult | null): FieldError[] {
  if (result?.Status !== 400) return [];
  const answer = result.Answer as {
    Errors?: Array<{ Path: string; MessageKey: string; Message: string }>;
  } | null;
  return (answer?.Errors ?? []).map((error) => ({
    path: error.Path,
    messageKey: error.MessageKey,
    message: error.Message,
  }));
}

/**
 * The test run (issue 17 point 5): an input form generated from the start block's fields (the domain's
 * inputSchema, the same schema the server validates calls with, rendered by SchemaForm), run on the
 * server in a transaction that is always rolled back. The answer and every block's trace show here; the
 * canvas draws the path taken, and a block clicked there shows its data.
 */
export function TestRunDrawer({
  flow: opened,
  version,
  sendGraph,
}: {
  flow: RestMethodFlow;
  version: string;
  /** An editable draft runs as the canvas shows it, saved or not. */
  sendGraph: boolean;
}) {
  // The draft as it is now: edits made while the drawer is open run too.
  const flow = useAtomValue(flowDraftAtom) ?? opened;
  const start = flow.Flow?.Blocks?.find((block) => block.Type === 'start');
  const fields = start?.Config?.Fields ?? NO_FIELDS;
  const form = useMemo<FormDefinition>(
    () => ({
      name: 'TestRunInput',
      schema: { ...inputSchema(fields), title: undefined } as RJSFSchema,
      uiSchema: { 'ui:submitButtonOptions': { norender: true } },
      validate: serverValidates,
    }),
    [fields],
  );
  const [input, setInput] = useState<Record<string, unknown>>({});
  const [running, setRunning] = useState(false);
  const [run, setRun] = useAtom(testRunAtom);
  // An execution opened from the log is shown in its own drawer, not as this form's run.
  const result = run?.flowGuid === flow.Guid && !run.execution ? run.result : null;
  const notifyError = useNotifyError();

  const go = async () => {
    setRunning(true);
    try {
      const answer = await testRun(flow.Guid, version, input, sendGraph ? flow.Flow : undefined);
      setRun({ flowGuid: flow.Guid, result: answer });
    } catch (error) {
      notifyError(error);
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="drawer-form test-run">
      <p className="list__muted">{t('fb.testRun.rolledBack')}</p>
      {fields.length === 0 ? (
        <p className="list__muted">{t('fb.testRun.noInput')}</p>
      ) : (
        <SchemaForm
          form={form}
          value={input}
          onChange={setInput}
          errors={inputErrors(result)}
          idPrefix="test-run"
        />
      )}
      <div className="test-run__actions">
        <button type="button" className="button button--primary" onClick={() => void go()} disabled={running}>
          {running ? t('fb.testRun.running') : t('fb.testRun.run')}
        </button>
        {result && (
          <button type="button" className="button" onClick={() => setRun(null)}>
            {t('fb.testRun.clear')}
          </button>
        )}
      </div>
      {result && <RunResult result={result} blocks={flow.Flow?.Blocks ?? NO_BLOCKS} />}
    </div>
  );
}
