import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { components } from '../../../../generated/uiservices';
import type { FlowField } from '../../../domain/flow/types';
import { DrawerEditor } from '../../../engine/drawers/DrawerEditor';
import { FieldTreePicker } from '../fields/FieldTreePicker';
import { connectionsQuery, documentsQuery } from '../flowQueries';

type DocumentField = components['schemas']['DocumentField'];

/** A document field as a start field: name, type, required and max length. */
export const asStartField = (field: DocumentField): FlowField => ({
  Name: field.Name,
  Type: field.Type,
  ...(field.Description ? { Description: field.Description } : {}),
  Validation: {
    IsRequired: field.Validation?.IsRequired === true || field.IsKey === true,
    MaxLength: field.Validation?.MaxLength ?? null,
  },
});

/**
 * Predefined start fields (spec part 2 §2 drawer 9): choose a connection (only document-builder
 * connections), then a document, then tick fields. Choosing a document row selects all its fields;
 * choosing a field also selects its ancestors; unticking removes children.
 */
export function PredefinedFieldsDrawer(props: {
  drawerKey: string;
  existing: readonly FlowField[];
  onAdd(fields: FlowField[]): void;
}) {
  const connections = useQuery(connectionsQuery());
  const usable = (connections.data ?? []).filter((connection) =>
    (connection.AvailableModules ?? []).includes('DocumentBuilder'),
  );
  const [connection, setConnection] = useState<string | null>(null);
  const chosenConnection = connection ?? usable[0]?.FlowConnectionGuid ?? null;
  const documents = useQuery(documentsQuery(chosenConnection));
  const [documentGuid, setDocumentGuid] = useState<string | null>(null);
  const document = documents.data?.find((entry) => entry.Guid === documentGuid);
  const id = useId();
  const taken = new Set(props.existing.map((field) => field.Name.toLowerCase()));
  return (
    <DrawerEditor<string[]>
      drawerKey={props.drawerKey}
      value={[]}
      saveLabel="Add fields"
      onSave={(names) => {
        const fields = (document?.Elements ?? []).filter(
          (field) => names.includes(field.Name) && !taken.has(field.Name.toLowerCase()),
        );
        props.onAdd(fields.map(asStartField));
        return true;
      }}
    >
      {({ value, onChange }) => (
        <>
          <div className="field">
            <label className="field__label" htmlFor={id}>
              Connection
            </label>
            <select
              id={id}
              className="field__select"
              value={chosenConnection ?? ''}
              onChange={(event) => {
                setConnection(event.target.value);
                setDocumentGuid(null);
                onChange([]);
              }}
            >
              {usable.length === 0 && <option value="">No document connections</option>}
              {usable.map((entry) => (
                <option key={entry.FlowConnectionGuid} value={entry.FlowConnectionGuid}>
                  {entry.Name}
                </option>
              ))}
            </select>
          </div>
          <table className="list__table flow-table" aria-label="Documents">
            <thead>
              <tr>
                <th scope="col">Document</th>
                <th scope="col">Type</th>
                <th scope="col">Fields</th>
              </tr>
            </thead>
            <tbody>
              {(documents.data ?? []).length === 0 && (
                <tr>
                  <td colSpan={3} className="list__state">
                    {documents.isPending && chosenConnection
                      ? 'Loading…'
                      : 'No published documents on this connection.'}
                  </td>
                </tr>
              )}
              {(documents.data ?? []).map((entry) => (
                <tr
                  key={entry.Guid}
                  className={entry.Guid === documentGuid ? 'flow-table__row--chosen' : undefined}
                >
                  <td>
                    <button
                      type="button"
                      className="list__open"
                      onClick={() => {
                        setDocumentGuid(entry.Guid);
                        onChange(entry.Elements.map((field) => field.Name));
                      }}
                    >
                      {entry.Name}
                    </button>
                  </td>
                  <td>{entry.Type}</td>
                  <td>{entry.Elements.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {document && (
            <>
              <h3 className="form-section__title">Fields of {document.Name}</h3>
              <FieldTreePicker
                label={`Fields of ${document.Name}`}
                fields={document.Elements.map(asStartField)}
                selected={new Set(value)}
                onChange={(next) =>
                  onChange(document.Elements.map((field) => field.Name).filter((name) => next.has(name)))
                }
              />
              <p className="flow-count">{value.length} selected</p>
            </>
          )}
        </>
      )}
    </DrawerEditor>
  );
}
