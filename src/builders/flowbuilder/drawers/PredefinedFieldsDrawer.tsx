import { useQuery, useQueryClient } from '@tanstack/react-query';
import { form } from '../../../../generated/forms/FlowPredefinedFields';
import type { FlowField } from '../../../domain/flow/types';
import { DrawerForm } from '../../../engine/drawers/DrawerForm';
import { connectionsQuery, documentsQuery } from '../flowQueries';
import { formFields } from '../formFields';
import { asStartField, usableConnections } from './predefinedFields';

interface PredefinedValue {
  Connection: string | null;
  Document: string | null;
  Fields: string[];
}

/**
 * Predefined start fields (spec part 2 §2 drawer 9), declared in schemas/drawers/flow-predefined-fields:
 * choose a connection (only document-builder connections), then a document, then tick fields. Choosing a
 * document row selects all its fields; choosing a field also selects its ancestors; unticking removes
 * children. Fields the block has already are not added again.
 */
export function PredefinedFieldsDrawer(props: {
  drawerKey: string;
  existing: readonly FlowField[];
  onAdd(fields: FlowField[]): void;
}) {
  const client = useQueryClient();
  const connections = useQuery(connectionsQuery());
  const taken = new Set(props.existing.map((field) => field.Name.toLowerCase()));
  return (
    <DrawerForm<PredefinedValue>
      drawerKey={props.drawerKey}
      form={form}
      value={{ Connection: null, Document: null, Fields: [] }}
      fields={formFields}
      saveLabel="Add fields"
      onSave={async ({ Connection, Document, Fields }) => {
        const connection = Connection ?? usableConnections(connections.data)[0]?.FlowConnectionGuid ?? null;
        const documents = await client.fetchQuery(documentsQuery(connection));
        const document = documents.find((entry) => entry.Guid === Document);
        const fields = (document?.Elements ?? []).filter(
          (field) => Fields.includes(field.Name) && !taken.has(field.Name.toLowerCase()),
        );
        props.onAdd(fields.map(asStartField));
        return true;
      }}
    />
  );
}
