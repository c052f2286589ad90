import type { ErrorObject } from 'ajv';
import { type MessageParams, t } from '../messages/t';

/** One validation error, as the forms, the validation panel and the server's 400 answers carry it. */
export interface FieldError {
  /** JSON pointer of the field, e.g. `/Elements/2/Name`. */
  path: string;
  messageKey: string;
  message: string;
  params?: MessageParams;
}

type SchemaNode = { [key: string]: unknown };
export type ResolveRef = (ref: string) => SchemaNode | undefined;

/**
 * The catalogue's word for a standard JSON Schema keyword when the failing schema's `x-messages` names
 * none, with the keyword's limit (issue 19 point 4): a schema says `minLength: 3` and the user reads "At
 * least 3 characters"; `x-messages` only overrides. `required` and `enum` keep the spec's words (part 1
 * §5 'Metadata document': "Please enter a value", "Please choose a value").
 */
function defaultMessage(
  error: ErrorObject,
  schema: SchemaNode | undefined,
): { key: string; params: MessageParams } {
  const limit = Number((error.params as { limit?: number }).limit);
  const integer = schema?.type === 'integer';
  switch (error.keyword) {
    case 'required':
    case 'type':
      return { key: 'enterValue', params: {} };
    case 'enum':
    case 'const':
      return { key: 'chooseValue', params: {} };
    case 'minLength':
      // minLength 1 is how a schema says "not empty".
      return limit <= 1
        ? { key: 'enterValue', params: {} }
        : { key: 'validation.minLength', params: { limit } };
    case 'maxLength':
      return { key: 'validation.maxLength', params: { limit } };
    case 'minimum':
    case 'exclusiveMinimum':
      return { key: integer ? 'enterIntegerWithMin' : 'validation.minimum', params: { limit } };
    case 'maximum':
    case 'exclusiveMaximum':
      return { key: integer ? 'enterIntegerWithMax' : 'validation.maximum', params: { limit } };
    case 'multipleOf':
      return {
        key: integer ? 'enterInteger' : 'validation.multipleOf',
        params: { limit: Number((error.params as { multipleOf?: number }).multipleOf) },
      };
    case 'minItems':
      return { key: 'validation.minItems', params: { limit } };
    case 'maxItems':
      return { key: 'validation.maxItems', params: { limit } };
    case 'uniqueItems':
      return { key: 'validation.uniqueItems', params: {} };
    case 'pattern':
      return { key: 'validation.pattern', params: {} };
    case 'format': {
      const format = String((error.params as { format?: string }).format);
      return formatKeys[format]
        ? { key: formatKeys[format], params: {} }
        : { key: 'validation.format', params: { format } };
    }
    default:
      return { key: 'api.validation', params: {} };
  }
}

const formatKeys: Record<string, string> = {
  uri: 'validation.format.uri',
  email: 'validation.format.email',
  'date-time': 'typeError.dateTime',
  date: 'typeError.date',
  time: 'validation.format.time',
  uuid: 'typeError.guid',
};

function messagesOf(schema: unknown, resolve: ResolveRef, depth = 0): Record<string, string> {
  if (!schema || typeof schema !== 'object' || depth > 8) return {};
  const node = schema as SchemaNode;
  const own = (node['x-messages'] as Record<string, string> | undefined) ?? {};
  const ref = typeof node.$ref === 'string' ? messagesOf(resolve(node.$ref), resolve, depth + 1) : {};
  // A property's own x-messages win over those of the schema it refers to.
  return { ...ref, ...own };
}

/**
 * Turns Ajv errors (from an instance created with `verbose: true`) into catalogue errors: the key comes
 * from the failing schema's `x-messages`, else from the keyword's default.
 */
export function fieldErrors(
  errors: readonly ErrorObject[] | null | undefined,
  resolve: ResolveRef,
): FieldError[] {
  if (!errors) return [];
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    let path = error.instancePath;
    let schema: unknown = error.parentSchema;
    if (error.keyword === 'required') {
      const missing = String((error.params as { missingProperty: string }).missingProperty);
      path = `${path}/${missing}`;
      const properties = (error.parentSchema as SchemaNode | undefined)?.properties as SchemaNode | undefined;
      schema = properties?.[missing];
    } else if (error.keyword === 'additionalProperties') {
      path = `${path}/${String((error.params as { additionalProperty: string }).additionalProperty)}`;
    } else if (error.keyword === 'unevaluatedProperties') {
      // The server's form of a schema's additionalProperties: false (server/contract/requestValidation.ts).
      path = `${path}/${String((error.params as { unevaluatedProperty: string }).unevaluatedProperty)}`;
    }
    const { messageKey: custom, subPath } = error.params as { messageKey?: string; subPath?: string };
    if (subPath) path = `${path}${subPath}`;
    const fallback = defaultMessage(error, error.parentSchema as SchemaNode | undefined);
    const messageKey = custom ?? messagesOf(schema, resolve)[error.keyword] ?? fallback.key;
    // The keyword's limit goes with any key, so an x-messages text may say {limit} too.
    const params: MessageParams = custom ? {} : fallback.params;
    const dedupe = `${path} ${messageKey}`;
    if (seen.has(dedupe)) continue;
    seen.add(dedupe);
    out.push({
      path,
      messageKey,
      // A limit of 1 reads "1 character", "1 item" (the keys' .one variants).
      message: t(messageKey, 'limit' in params ? { count: params.limit as number, ...params } : params),
      ...(Object.keys(params).length ? { params } : {}),
    });
  }
  return out;
}
