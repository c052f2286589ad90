import type { FieldProps } from '@rjsf/utils';

/**
 * The label a custom field shows itself (RJSF leaves labels of `ui:field` fields to them); `title` where
 * the field draws one value in more than one way and names each its own way.
 */
export function FieldLabel({
  props,
  htmlFor,
  title: own,
}: {
  props: FieldProps;
  htmlFor?: string;
  title?: string;
}) {
  const title =
    own ?? (props.uiSchema?.['ui:title'] as string | undefined) ?? props.schema.title ?? props.name;
  if (!title) return null;
  return (
    <label className="field__label" htmlFor={htmlFor ?? props.fieldPathId.$id}>
      {title}
      {props.required && (
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
}
