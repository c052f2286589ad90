import type { FieldPathList, FieldProps, UiSchema } from '@rjsf/utils';
import { useCallback, useMemo, useRef } from 'react';
import type { components } from '../../../generated/uiservices';
import { TestConnection } from './TestConnection';
import { useCredentialTypes } from './useCredentialTypes';
import './connectionBuilder.css';

type Connection = components['schemas']['Connection'];
type CredentialType = components['schemas']['CredentialType'];

/** The settings a newly chosen type starts with: its fields' defaults. */
const defaultsOf = (type: CredentialType | undefined) =>
  Object.fromEntries(
    (type?.Fields ?? [])
      .filter((field) => field.Default !== undefined && field.Default !== null)
      .map((field) => [field.Name, field.Default]),
  );

/**
 * The connection form (`"ui:field": "connectionEditor"` on its root): the usual object form, with the
 * credential settings drawn from the chosen type's field list, the credential's type kept equal to the
 * connection's, and Test connection for the types the server can reach (spec part 1 §2 'Connection
 * Builder', §3 'Connection').
 */
export function ConnectionEditor(props: FieldProps) {
  const { formData, uiSchema, registry, onChange, readonly, disabled } = props;
  const connection = (formData ?? {}) as Connection;
  const types = useCredentialTypes();
  const type = types.data?.find((entry) => entry.Name === connection.Type);
  const derived = useMemo<UiSchema>(() => {
    const { 'ui:field': _field, ...rest } = uiSchema ?? {};
    return {
      ...rest,
      // Only a type whose connections declare HTTP operations shows them (issue 30 point 3).
      ...(type?.DeclaresOperations ? {} : { Operations: { 'ui:field': 'kept' } }),
      FlowCredential: {
        ...(rest.FlowCredential as UiSchema | undefined),
        'ui:options': {
          ...((rest.FlowCredential as UiSchema | undefined)?.['ui:options'] as object | undefined),
          credentialType: type,
        },
      },
    };
  }, [uiSchema, type]);
  // RJSF compares field props deeply and treats functions as equal, so a handler given to its fields must
  // read the latest values through a ref instead of closing over one render's.
  const latest = useRef({ connection, types: types.data, onChange, path: props.fieldPathId.path });
  latest.current = { connection, types: types.data, onChange, path: props.fieldPathId.path };
  const change = useCallback((value: unknown, path: FieldPathList, ...rest: unknown[]) => {
    const { connection, types, onChange, path: root } = latest.current;
    if (path.length === 1 && path[0] === 'Type') {
      // A new type brings its own settings (and their defaults); the credential's type follows.
      const keep = value === connection.FlowCredential?.Type;
      onChange(
        {
          ...connection,
          Type: value,
          FlowCredential: {
            ...connection.FlowCredential,
            Type: value,
            Settings: keep
              ? (connection.FlowCredential?.Settings ?? {})
              : defaultsOf(types?.find((entry) => entry.Name === value)),
          },
        },
        root,
      );
      return;
    }
    (onChange as (...args: unknown[]) => void)(value, path, ...rest);
  }, []);
  const ObjectField = registry.fields.ObjectField!;
  return (
    <>
      <ObjectField {...props} uiSchema={derived} onChange={change} />
      {type?.Testable && !readonly && !disabled && <TestConnection connection={connection} />}
    </>
  );
}
