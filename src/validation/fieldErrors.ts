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

/** Fallback keys per JSON Schema keyword when a schema names none (spec part 1 §5 'Metadata document'). */
const defaultKeys: Record<string, string> = {
  required: 'enterValue',
  minLength: 'enterValue',
  type: 'enterValue',
  enum: 'chooseValue',
  minimum: 'enterIntegerWithMin',
  maximum: 'enterIntegerWithMax',
  multipleOf: 'enterInteger',
  format: 'api.validation',
  pattern: 'api.validation',
  maxLength: 'api.validation',
  additionalProperties: 'api.validation',
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
    let params: MessageParams = {};
    if (error.keyword === 'required') {
      const missing = String((error.params as { missingProperty: string }).missingProperty);
      path = `${path}/${missing}`;
      const properties = (error.parentSchema as SchemaNode | undefined)?.properties as SchemaNode | undefined;
      schema = properties?.[missing];
    } else if (error.keyword === 'additionalProperties') {
      path = `${path}/${String((error.params as { additionalProperty: string }).additionalProperty)}`;
    } else if (['minimum', 'maximum', 'maxLength', 'minLength'].includes(error.keyword)) {
      params = { limit: Number((error.params as { limit: number }).limit) };
    }
    const { messageKey: custom, subPath } = error.params as { messageKey?: string; subPath?: string };
    if (subPath) path = `${path}${subPath}`;
    const messageKey =
      custom ?? messagesOf(schema, resolve)[error.keyword] ?? defaultKeys[error.keyword] ?? 'api.validation';
    const dedupe = `${path} ${messageKey}`;
    if (seen.has(dedupe)) continue;
    seen.add(dedupe);
    out.push({
      path,
      messageKey,
      message: t(messageKey, params),
      ...(Object.keys(params).length ? { params } : {}),
    });
  }
  return out;
}
