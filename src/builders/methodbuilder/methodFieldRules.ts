import type { components } from '../../../generated/uiservices';
import { STATIC_DEFAULT } from '../../domain/metadata/fieldOptions';
import { isTaken } from '../../domain/rules/names';
import { valueFormatError } from '../../domain/rules/typeFormats';
import { t } from '../../messages/t';
import type { FieldError } from '../../validation/fieldErrors';
import type { MethodFieldValue } from './methodFieldValue';

type DefaultValueTypes = components['schemas']['Setting']['Items'];

const error = (path: string, messageKey: string): FieldError => ({
  path,
  messageKey,
  message: t(messageKey),
});

/**
 * Rules of the method field drawer beyond its schema (spec part 1 §5 'Method'): names unique among the
 * list's fields (duplicate), a max length on string outputs (noMaxlengthOutputField), a default type that
 * permits the field's type and a static default that fits it (§5 'Default value checks').
 */
export function methodFieldRules(
  value: MethodFieldValue,
  context: {
    siblingNames: readonly string[];
    output: boolean;
    defaultValueTypes?: DefaultValueTypes | undefined;
  },
): FieldError[] {
  const errors: FieldError[] = [];
  if (
    value.Name &&
    isTaken(
      value.Name,
      context.siblingNames.map((name, id) => ({ id, name })),
    )
  )
    errors.push(error('/Name', 'method.validation.fieldNameNotUnique'));
  if (context.output && value.Type === 'String' && typeof value.MaxLength !== 'number')
    errors.push(error('/MaxLength', 'noMaxlengthOutputField'));
  if (value.DefaultType) {
    const entry = context.defaultValueTypes?.find((item) => item.Key === value.DefaultType);
    if (context.defaultValueTypes && !(entry?.Types ?? []).includes(value.Type))
      errors.push(error('/DefaultType', 'mb.validation.defaultTypeNotAllowed'));
    else if (value.DefaultType === STATIC_DEFAULT) {
      const key = valueFormatError(value.Type, value.DefaultValue ?? undefined);
      if (key) errors.push(error('/DefaultValue', key));
    }
  }
  return errors;
}
