import { useState } from 'react';
import type { components } from '../../../generated/uiservices';
import { callOperation } from '../../api/callOperation';
import { t } from '../../messages/t';
import { useNotifyError } from '../../shell/notifications/useNotify';

type Connection = components['schemas']['Connection'];

/**
 * Test connection (issue 5): the server really connects with the settings as they are in the form
 * (unsaved ones too; a masked secret means the stored one) and answers success or the driver's error.
 */
export function TestConnection({ connection }: { connection: Connection }) {
  const [state, setState] = useState<{ running: boolean; result?: { Success: boolean; Message?: string } }>({
    running: false,
  });
  const notifyError = useNotifyError();
  const test = async () => {
    setState({ running: true });
    try {
      const result = await callOperation('Connection.TestConnection', {
        path: { guid: connection.FlowConnectionGuid },
        body: connection,
      });
      setState({ running: false, result });
    } catch (error) {
      setState({ running: false });
      notifyError(error);
    }
  };
  const { result } = state;
  return (
    <div className="test-connection">
      <button type="button" className="button" onClick={() => void test()} disabled={state.running}>
        {state.running ? t('cb.test.running') : t('cb.test.button')}
      </button>
      <output
        className={`test-connection__result${result ? (result.Success ? ' test-connection__result--ok' : ' test-connection__result--failed') : ''}`}
        aria-live="polite"
      >
        {result?.Message}
      </output>
    </div>
  );
}
