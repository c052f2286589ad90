import type { FieldProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { withOptions } from '../../../engine/form/withOptions';
import { asStartField, usableConnections } from '../drawers/predefinedFields';
import { connectionsQuery, documentsQuery } from '../flowQueries';

interface PredefinedValue {
  Connection: string | null;
  Document: string | null;
  Fields: string[];
}

/**
 * The predefined start fields form (`"ui:field": "predefinedFieldsEditor"` on its root, spec part 2 §2
 * drawer 9): the declared fields with what the chosen connection offers — the document-builder
 * connections, that connection's documents, the chosen document's fields. Choosing a document ticks all
 * its fields; another connection clears the document.
 */
export function PredefinedFieldsEditor(props: FieldProps<PredefinedValue>) {
  const { formData, uiSchema, registry, onChange, fieldPathId } = props;
  const value = (formData ?? {}) as Partial<PredefinedValue>;
  const connections = useQuery(connectionsQuery());
  const usable = usableConnections(connections.data);
  const connection = value.Connection ?? usable[0]?.FlowConnectionGuid ?? null;
  const documents = useQuery(documentsQuery(connection));
  const document = documents.data?.find((entry) => entry.Guid === value.Document);

  const derived = useMemo(() => {
    const { 'ui:field': _root, ...base } = uiSchema ?? {};
    const ui = withOptions(base, {
      Connection: {
        placeholder: usable.length === 0 ? 'No document connections' : undefined,
        choices: usable.map((entry) => ({ value: entry.FlowConnectionGuid, label: entry.Name })),
      },
      Document: {
        documents: documents.data ?? [],
        ...(documents.isPending && connection ? { state: 'Loading…' } : {}),
      },
      Fields: {
        fields: (document?.Elements ?? []).map(asStartField),
        label: `Fields of ${document?.Name ?? ''}`,
      },
    });
    if (!document) ui.Fields = { ...ui.Fields, 'ui:widget': 'hidden' };
    else ui.Fields = { ...ui.Fields, 'ui:title': `Fields of ${document.Name}` };
    return ui;
  }, [uiSchema, usable, documents.data, documents.isPending, connection, document]);

  // Choosing a connection or a document changes more than its own value.
  const change: FieldProps<PredefinedValue>['onChange'] = (next, path, ...rest) => {
    const name = path?.[path.length - 1];
    if (path?.length !== fieldPathId.path.length + 1 || (name !== 'Connection' && name !== 'Document'))
      return onChange(next, path, ...rest);
    if (name === 'Connection')
      return onChange(
        { Connection: next as unknown as string | null, Document: null, Fields: [] },
        fieldPathId.path,
      );
    const chosen = documents.data?.find((entry) => entry.Guid === (next as unknown as string));
    onChange(
      {
        Connection: connection,
        Document: chosen?.Guid ?? null,
        Fields: (chosen?.Elements ?? []).map((field) => field.Name),
      },
      fieldPathId.path,
    );
  };

  const ObjectField = registry.fields.ObjectField!;
  return (
    <ObjectField
      {...props}
      formData={{ ...value, Connection: connection } as PredefinedValue}
      uiSchema={derived}
      onChange={change}
    />
  );
}
