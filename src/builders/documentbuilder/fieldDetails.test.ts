import type { UiSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { form } from '../../../generated/forms/DocumentField';
import type { DefaultValueType, Document, DocumentField } from '../../domain/documents/types';
import { type FieldDetailsContext, fieldDetailsUiSchema, normalizeFieldDetails } from './fieldDetails';

const defaultValueTypes: DefaultValueType[] = [
  { Key: 'NewGuid', Value: 'New GUID', Types: ['Guid'] },
  { Key: 'CurrentDateTime', Value: 'Current date and time', Types: ['DateTime'] },
  { Key: 'StaticValue', Value: 'Static value', Types: ['String', 'Number', 'Boolean'] },
];
const countries = {
  Guid: 'c1',
  Name: 'Countries',
  Type: 'List',
  FlowConnectionGuid: 'conn',
  Elements: [{ Name: 'Code', Type: 'String', IsUpdatable: false }],
} as Document;
const context: FieldDetailsContext = {
  documentType: 'List',
  defaultValueTypes,
  listDocuments: [countries],
  connection: 'conn',
};
const field = (overrides: Partial<DocumentField>): DocumentField => ({
  Name: 'Field',
  Type: 'String',
  IsUpdatable: true,
  ...overrides,
});
const isHidden = (node: unknown) => (node as UiSchema | undefined)?.['ui:widget'] === 'hidden';
const ui = (candidate: DocumentField, overrides: Partial<typeof context> = {}) =>
  fieldDetailsUiSchema(form.uiSchema, candidate, { ...context, ...overrides });

describe('the field drawer offers what applies (spec part 2 §2 drawer 2, §3 "Field options", §5)', () => {
  it.each<[string, DocumentField, Partial<typeof context>, (schema: UiSchema) => boolean]>([
    [
      'part 2 §2: is_map is for list documents only',
      field({}),
      { documentType: 'Action' },
      (s) => isHidden(s.IsMapping),
    ],
    ['part 2 §2: is_map shows on list documents', field({}), {}, (s) => !isHidden(s.IsMapping)],
    [
      'part 2 §5: required is not offered on key fields',
      field({ IsKey: true }),
      {},
      (s) => isHidden((s.Validation as UiSchema).IsRequired),
    ],
    [
      'part 2 §5: default is not offered on id fields',
      field({ Type: 'Number', IsId: true }),
      {},
      (s) => isHidden(s.Default),
    ],
    ['part 2 §5: is_id is offered for numbers only', field({ Type: 'Guid' }), {}, (s) => isHidden(s.IsId)],
    [
      'part 2 §5: max length applies to strings',
      field({ Type: 'Number' }),
      {},
      (s) => isHidden((s.Validation as UiSchema).MaxLength),
    ],
    [
      'part 2 §5: the expression shows with the regex check',
      field({ Validation: { Type: 'regularexpression' } }),
      {},
      (s) => !isHidden((s.Validation as UiSchema).Expression),
    ],
    [
      'part 2 §3: the static value shows for a static default',
      field({ Default: { Type: 'StaticValue' } }),
      {},
      (s) => !isHidden((s.Default as UiSchema).Value),
    ],
    [
      'part 2 §3: insert and update show once a default is chosen',
      field({}),
      {},
      (s) => isHidden((s.Default as UiSchema).Insert),
    ],
  ])('%s', (_rule, candidate, overrides, check) => {
    expect(check(ui(candidate, overrides))).toBe(true);
  });

  it('offers only the default value types that permit the field type (part 2 §3)', () => {
    const choices = ((ui(field({ Type: 'Guid' })).Default as UiSchema).Type as UiSchema)['ui:options'] as {
      choices: Array<{ value: string }>;
    };
    expect(choices.choices.map((choice) => choice.value)).toEqual(['NewGuid']);
  });

  it('offers the mapped document’s fields once it is chosen', () => {
    const mapped = ui(
      field({ IsMapping: true, Validation: { Document: { Reference: { DocumentGuid: 'c1' } } } }),
    );
    const reference = ((mapped.Validation as UiSchema).Document as UiSchema).Reference as UiSchema;
    expect(
      (
        (reference.MappingField as UiSchema)['ui:options'] as { choices: Array<{ value: string }> }
      ).choices.map((c) => c.value),
    ).toEqual(['Code']);
  });
});

describe('normalizeFieldDetails: what an edit implies (spec part 2 §5 "Document", "Field definition")', () => {
  const normalize = (next: DocumentField, previous: DocumentField = field({})) =>
    normalizeFieldDetails(next, previous, { defaultValueTypes, connection: 'conn' });
  it.each<[string, DocumentField, DocumentField | undefined, Partial<DocumentField>]>([
    [
      'part 2 §5: a key field is required and not updatable, without a default',
      field({ IsKey: true, Default: { Type: 'StaticValue', Value: 'x', Insert: true } }),
      undefined,
      { IsKey: true, IsUpdatable: false, Validation: { IsRequired: true } },
    ],
    [
      'part 2 §5: an ID field is not updatable',
      field({ Type: 'Number', IsId: true }),
      undefined,
      { IsId: true, IsUpdatable: false },
    ],
    [
      'part 2 §5: a non-number cannot be an ID',
      field({ Type: 'String', IsId: true }),
      undefined,
      { IsId: false },
    ],
    [
      'part 2 §5: max length and regex go with a type that is not a string',
      field({ Type: 'Number', Validation: { MaxLength: 5, Type: 'regularexpression', Expression: 'x' } }),
      undefined,
      { Validation: { Type: 'none' } },
    ],
    [
      'part 2 §3: a default the type does not permit is cleared',
      field({ Type: 'Number', Default: { Type: 'NewGuid', Insert: true } }),
      undefined,
      {},
    ],
    [
      'part 2 §3: a newly chosen default applies on insert',
      field({ Default: { Type: 'StaticValue' } }),
      undefined,
      { Default: { Type: 'StaticValue', Insert: true } },
    ],
    [
      'part 2 §5: a mapped field keeps its connection, and a new document clears the mapped field',
      field({
        IsMapping: true,
        Validation: { Document: { Reference: { DocumentGuid: 'c2', MappingField: 'Code' } } },
      }),
      field({
        IsMapping: true,
        Validation: { Document: { Reference: { DocumentGuid: 'c1', MappingField: 'Code' } } },
      }),
      {
        Validation: {
          Document: { Reference: { DocumentGuid: 'c2', ConnectionGuid: 'conn', MappingField: null } },
        },
      },
    ],
  ])('%s', (_rule, next, previous, expected) => {
    const out = normalize(next, previous);
    expect(out).toMatchObject(expected);
    if (!('Default' in expected)) expect(out.Default).toBeUndefined();
    if (expected.Validation && !('MaxLength' in expected.Validation))
      expect(out.Validation?.MaxLength).toBeUndefined();
  });
});
