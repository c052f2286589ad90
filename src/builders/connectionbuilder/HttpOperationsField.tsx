import type { FieldProps } from '@rjsf/utils';
import type { components } from '../../../generated/uiservices';
import { mergeOperations } from './mergeOperations';
import { OpenApiImport } from './OpenApiImport';

type HttpOperation = components['schemas']['HttpOperation'];

/**
 * A REST API connection's operations (`"ui:field": "httpOperations"`, issue 30 point 3): the generic
 * array form the schema draws (http-operation.schema.json), with the OpenAPI import above it.
 */
export function HttpOperationsField(props: FieldProps) {
  const { registry, formData, onChange, fieldPathId, readonly, disabled } = props;
  const ArrayField = registry.fields.ArrayField!;
  const current = (Array.isArray(formData) ? formData : []) as HttpOperation[];
  return (
    <>
      <OpenApiImport
        id={fieldPathId.$id}
        disabled={Boolean(readonly || disabled)}
        onImported={(operations) => onChange(mergeOperations(current, operations), fieldPathId.path)}
      />
      <ArrayField {...props} />
    </>
  );
}
