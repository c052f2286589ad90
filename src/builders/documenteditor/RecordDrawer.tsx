import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { callOperation } from '../../api/callOperation';
import { fieldNamed, keyFieldOf } from '../../domain/documents/keyField';
import type { Document } from '../../domain/documents/types';
import { type RecordValues, recordErrors } from '../../domain/records/recordRules';
import { DrawerForm } from '../../engine/drawers/DrawerForm';
import { useDrawers } from '../../engine/drawers/useDrawers';
import type { Choice } from '../../engine/form/fields/ChoiceField';
import { t } from '../../messages/t';
import { useConfirm } from '../../shell/dialogs/confirm';
import { useNotify, useNotifyError } from '../../shell/notifications/useNotify';
import { recordForm } from './recordForm';

/** Reference lists of a record: each foreign key and mapped field, with the document and field it takes values from. */
function referenceSources(document: Document, listDocuments: readonly Document[]) {
  const sources: Array<{ field: string; target: Document; valueField: string }> = [];
  for (const reference of document.References ?? []) {
    const target = listDocuments.find((entry) => entry.Guid === reference.Guid);
    const key = target ? keyFieldOf(target) : undefined;
    if (target && key && reference.Child)
      sources.push({ field: reference.Child, target, valueField: key.Name });
  }
  for (const field of document.Elements) {
    const mapping = field.Validation?.Document?.Reference;
    const target = listDocuments.find((entry) => entry.Guid === mapping?.DocumentGuid);
    const mapped = target ? fieldNamed(target, mapping?.MappingField) : undefined;
    if (field.IsMapping && target && mapped)
      sources.push({ field: field.Name, target, valueField: mapped.Name });
  }
  return sources;
}

/** A referenced record as a choice: its value, labelled with the next text field when it has one. */
function choiceOf(record: RecordValues, valueField: string, target: Document): Choice {
  const value = record[valueField] as string | number;
  const label = target.Elements.find(
    (field) => field.Name !== valueField && (field.Type === 'String' || field.Type === 'Text'),
  );
  const text = label ? record[label.Name] : undefined;
  return { value, label: text ? `${value} — ${String(text)}` : String(value) };
}

export const recordsKey = (connection: string, guid: string) =>
  ['/documenteditor', 'records', connection, guid] as const;

/**
 * A record in a drawer, in a form generated from the document's fields (spec part 2 §2 'Document
 * Editor'), checked with the shared record rules and saved with PostRecord; defaults on insert and update
 * are the server's. Read-only without the editor's Upsert. An existing record can be deleted (DeleteRecord by
 * its key), except in a document over a view, which reads only (issue 30 point 2).
 */
export function RecordDrawer({
  drawerKey,
  connection,
  document,
  listDocuments,
  record,
  isNew,
  readOnly,
}: {
  drawerKey: string;
  connection: string;
  document: Document;
  listDocuments: readonly Document[];
  record: RecordValues;
  isNew: boolean;
  readOnly: boolean;
}) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const sources = useMemo(() => referenceSources(document, listDocuments), [document, listDocuments]);
  const lists = useQueries({
    queries: sources.map((source) => ({
      queryKey: [...recordsKey(connection, source.target.Guid), 'choices'] as const,
      queryFn: async () =>
        (
          await callOperation('DocumentEditor.GetRecords', {
            path: { connection, guid: source.target.Guid },
            query: { pageSize: 500, sort: source.valueField },
          })
        ).Records,
      staleTime: 30_000,
    })),
  });
  const choices = useMemo(() => {
    const out: Record<string, Choice[]> = {};
    sources.forEach((source, index) => {
      const rows = lists[index]?.data;
      if (rows) out[source.field] = rows.map((row) => choiceOf(row, source.valueField, source.target));
    });
    return out;
  }, [sources, lists]);
  const form = useMemo(() => recordForm(document, { isNew, choices }), [document, isNew, choices]);
  const rules = useCallback(
    (value: RecordValues) => recordErrors(document.Elements, value, { isNew }),
    [document, isNew],
  );
  const confirm = useConfirm();
  const drawers = useDrawers();
  const key = keyFieldOf(document);
  const canDelete = !isNew && !readOnly && document.IsView !== true && key !== undefined;
  const remove = async () => {
    if (!key) return;
    const keyValue = String(record[key.Name] ?? '');
    const yes = await confirm({
      title: t('de.records.delete'),
      body: t('lifecycle.deleteBody', { name: `${key.Name} ${keyValue}` }),
      confirmText: 'Delete',
      tone: 'danger',
    });
    if (!yes) return;
    try {
      await callOperation('DocumentEditor.DeleteRecord', {
        path: { connection, guid: document.Guid },
        query: { keyField: key.Name, keyValue },
      });
      notify('success', t('de.records.deleted'));
      await queryClient.invalidateQueries({ queryKey: ['/documenteditor', 'records', connection] });
      await drawers.close(drawerKey, { force: true });
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <DrawerForm<RecordValues>
      drawerKey={drawerKey}
      form={form}
      value={record}
      readOnly={readOnly}
      rules={rules}
      extraActions={
        canDelete ? (
          <button
            type="button"
            className="button button--danger-outline drawer-form__extra"
            onClick={() => void remove()}
          >
            {t('de.records.delete')}
          </button>
        ) : undefined
      }
      onSave={async (value) => {
        try {
          await callOperation('DocumentEditor.PostRecord', {
            path: { connection, guid: document.Guid },
            query: { IsNew: isNew },
            body: value,
          });
          notify('success', t(isNew ? 'de.records.created' : 'de.records.saved'));
          await queryClient.invalidateQueries({ queryKey: ['/documenteditor', 'records', connection] });
          return true;
        } catch (error) {
          notifyError(error);
          return false;
        }
      }}
    />
  );
}
