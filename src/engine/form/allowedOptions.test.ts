import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { hideDisallowed } from './allowedOptions';

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    Type: { type: 'string' },
    MaxLength: {
      type: 'integer',
      'x-allowed-when': { field: 'Type', in: ['String', 'Password'], message: 'm' },
    } as RJSFSchema,
    Description: { type: 'string' },
  },
};

describe('hideDisallowed (spec part 1 §5 "Field editor": options only for the types that take them)', () => {
  it.each<[string, Record<string, unknown>, boolean]>([
    ['a String field shows max length', { Type: 'String' }, false],
    ['a Number field hides max length', { Type: 'Number' }, true],
    ['a Number field with a max length set shows it, to clear it', { Type: 'Number', MaxLength: 10 }, false],
  ])('%s', (_case, value, hidden) => {
    const ui = hideDisallowed(schema, { MaxLength: { 'ui:title': 'Max length' } }, value);
    expect(ui.MaxLength?.['ui:widget'] === 'hidden').toBe(hidden);
    expect(ui.MaxLength?.['ui:title']).toBe('Max length');
    expect(ui.Description).toBeUndefined();
  });
});
