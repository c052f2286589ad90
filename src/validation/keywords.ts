import type { KeywordDefinition } from 'ajv';

/**
 * `x-messages` maps a JSON Schema keyword of this schema to the catalogue key its error shows, e.g.
 * `{"required": "noEmail", "format": "noValidEmail"}`. It validates nothing; fieldErrors() reads it.
 */
const messages: KeywordDefinition = {
  keyword: 'x-messages',
  schemaType: 'object',
  metaSchema: { type: 'object', additionalProperties: { type: 'string' } },
};

/** Custom keywords of the shared Ajv instance. Rules plain JSON Schema cannot say live here. */
export const keywords: KeywordDefinition[] = [messages];
