import type { components } from '../../../../generated/uiservices';
import type { FlowField } from '../../../domain/flow/types';

type DocumentField = components['schemas']['DocumentField'];
type Connection = { FlowConnectionGuid: string; Name: string; AvailableModules?: string[] | null };

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

/** The connections predefined fields come from: those with the Document Builder. */
export const usableConnections = <T extends Connection>(connections: readonly T[] | undefined): T[] =>
  (connections ?? []).filter((connection) => (connection.AvailableModules ?? []).includes('DocumentBuilder'));
