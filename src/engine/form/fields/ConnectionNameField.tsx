import type { FieldProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { connectionsLookup } from '../../builder/ConnectionScope';
import { FieldLabel } from './fieldLabel';

/** The connection an item belongs to, by name and read-only: items stay on the connection they were made in. */
export function ConnectionNameField(props: FieldProps) {
  const connections = useQuery(connectionsLookup());
  const guid = props.formData as string | undefined;
  const name = connections.data?.find((connection) => connection.FlowConnectionGuid === guid)?.Name;
  return (
    <>
      <FieldLabel props={props} />
      <input
        id={props.fieldPathId.$id}
        className="field__input"
        value={name ?? guid ?? ''}
        readOnly
        disabled
      />
    </>
  );
}
