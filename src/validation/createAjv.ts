import Ajv2020, { type Options } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { keywords } from './keywords';

/**
 * The one Ajv configuration. The server validates requests with an instance of it, codegen compiles
 * the browser's standalone validators with an instance of it, so both apply the same rules.
 */
export function createAjv(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    verbose: true,
    passContext: true,
    ...options,
  });
  addFormats(ajv, ['email', 'date-time', 'date', 'time', 'uri', 'uuid']);
  // OpenAPI annotations that may appear inside schemas.
  ajv.addVocabulary(['example', 'x-spec', 'x-spec-reason']);
  for (const keyword of keywords) ajv.addKeyword(keyword);
  return ajv;
}

/**
 * createAjv on first call, then the same instance: making one compiles the JSON Schema meta-schema,
 * a few hundred milliseconds that the server's cold start should not pay for each instance it may
 * never use (issue 20 point 4).
 */
export function ajvOnFirstUse(options: Options = {}): () => Ajv2020 {
  let ajv: Ajv2020 | undefined;
  return () => {
    ajv ??= createAjv(options);
    return ajv;
  };
}
