import type { components } from '../../../generated/uiservices';
import { callOperation } from '../../api/callOperation';
import { t } from '../../messages/t';
import type { FieldError } from '../../validation/fieldErrors';

type RestApi = components['schemas']['RestApi'];
type ListItem = components['schemas']['ListItem'];

/**
 * A chosen value the server no longer offers (spec part 1 §5 'REST API': return type and authentication
 * must be one of those offered). An empty choice is the schema's error and is not repeated here.
 */
export function unofferedChoices(
  api: Pick<RestApi, 'ReturnType' | 'ApiAuthentication'>,
  offered: { returnTypes: readonly ListItem[]; authentications: readonly ListItem[] },
): FieldError[] {
  const errors: FieldError[] = [];
  const missing = (value: string | undefined, items: readonly ListItem[]) =>
    Boolean(value) && !items.some((item) => item.Key === value);
  if (missing(api.ReturnType, offered.returnTypes))
    errors.push({
      path: '/ReturnType',
      messageKey: 'ra.validation.returnTypeUnknown',
      message: t('ra.validation.returnTypeUnknown'),
    });
  if (missing(api.ApiAuthentication, offered.authentications))
    errors.push({
      path: '/ApiAuthentication',
      messageKey: 'ra.validation.authenticationUnknown',
      message: t('ra.validation.authenticationUnknown'),
    });
  return errors;
}

/** The REST API's server checks, part of the validation run: the lists as the server offers them now. */
export async function restApiChecks(api: RestApi): Promise<FieldError[]> {
  const [returnTypes, authentications] = await Promise.all([
    callOperation('RestApi.getApiReturnType', {}),
    callOperation('RestApi.GetApiAuthentication', {}),
  ]);
  return unofferedChoices(api, { returnTypes, authentications });
}
