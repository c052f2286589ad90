import type { components } from '../../../generated/uiservices';
import { childName, leafName } from '../../domain/fields/fieldTree';
import type { ValidationKind } from '../../domain/metadata/fieldOptions';
import type { MetadataElement } from '../../domain/metadata/rules';

type PickedField = components['schemas']['PickedField'];
type FieldType = components['schemas']['FieldType'];

/**
 * The value of the field drawer (schemas/drawers/metadata-field.schema.json). Drawer schemas are not part
 * of the contract, so codegen emits no type for them; a unit test holds these keys to the schema's.
 */
export interface FieldDrawerValue {
  Name: string;
  Type: FieldType;
  Description?: string | null;
  Required?: boolean;
  MaxLength?: number | null;
  ValidationKind?: ValidationKind;
  Regex?: string | null;
  ReferenceList?: string | null;
  ForeignReferenceList?: string | null;
  FunctionList?: string | null;
  FunctionListField?: string | null;
  ReturnFields?: PickedField[];
  ArrayElementType?: string | null;
  Document?: string | null;
  DefaultType?: string | null;
  DefaultValue?: string | null;
  DefaultInsert?: boolean;
  DefaultUpdate?: boolean;
}

const text = (value: unknown) => (value === undefined || value === null ? undefined : String(value));

/** One field as the drawer edits it: flat, its own name without the parent's path. */
export function toDrawerValue(element: MetadataElement, parentName: string | null): FieldDrawerValue {
  const validation = element.Validation ?? {};
  const reference = validation.Reference ?? {};
  const kind: ValidationKind = validation.Type ?? 'none';
  const fallback = element.Default;
  const value: FieldDrawerValue = {
    Name: leafName(element.Name ?? '', parentName),
    Type: element.Type,
    ValidationKind: kind,
  };
  const set = <K extends keyof FieldDrawerValue>(key: K, entry: FieldDrawerValue[K] | undefined) => {
    if (entry !== undefined && entry !== null && entry !== '') value[key] = entry;
  };
  set('Description', element.Description);
  set('Required', validation.Required === true ? true : undefined);
  set('MaxLength', validation.Max);
  set('Regex', validation.Regex);
  set('ReferenceList', kind === 'referencelist' ? reference.Guid : undefined);
  set('ForeignReferenceList', kind === 'foreignreference' ? reference.Guid : undefined);
  if (kind === 'none' && reference.Guid) {
    set('FunctionList', reference.Guid);
    set('FunctionListField', reference.Map);
    set('ReturnFields', reference.Fields?.length ? reference.Fields : undefined);
  }
  set('ArrayElementType', element.ArrayElementType);
  set('Document', element.Document);
  if (fallback?.Type) {
    set('DefaultType', fallback.Type);
    set('DefaultValue', text(fallback.Value));
    set('DefaultInsert', fallback.Insert === true ? true : undefined);
    set('DefaultUpdate', fallback.Update === true ? true : undefined);
  }
  return value;
}

/** A typed static default as stored: booleans as booleans, numbers as numbers when they read as one. */
export function storedDefault(
  type: string,
  value: string | null | undefined,
): string | number | boolean | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (type === 'Boolean') return value === 'true' ? true : value === 'false' ? false : value;
  if (['Number', 'Longnumber', 'Decimal'].includes(type) && /^[-+]?\d+(\.\d+)?$/.test(value.trim()))
    return Number(value.trim());
  return value;
}

/**
 * The drawer's value back as a field: the parent's path added to the name, the validation kind deciding
 * what the reference means, and everything the drawer does not edit (children, order) kept.
 */
export function fromDrawerValue(
  value: FieldDrawerValue,
  original: MetadataElement | null,
  parentName: string | null,
): MetadataElement {
  const kind = (value.ValidationKind ?? 'none') as ValidationKind;
  const {
    Validation: _validation,
    Default: _default,
    Description: _description,
    ArrayElementType: _elementType,
    Document: _document,
    ...kept
  } = original ?? ({} as Partial<MetadataElement>);
  const element: MetadataElement = {
    ...kept,
    Name: childName(parentName, value.Name ?? ''),
    Type: value.Type,
  };
  if (value.Description) element.Description = value.Description;
  if (value.ArrayElementType) element.ArrayElementType = value.ArrayElementType;
  if (value.Document) element.Document = value.Document;

  const validation: NonNullable<MetadataElement['Validation']> = {};
  if (value.Required) validation.Required = true;
  if (value.MaxLength !== undefined && value.MaxLength !== null) validation.Max = value.MaxLength;
  if (kind !== 'none') validation.Type = kind;
  if (value.Regex) validation.Regex = value.Regex;
  const guid =
    kind === 'referencelist'
      ? value.ReferenceList
      : kind === 'foreignreference'
        ? value.ForeignReferenceList
        : value.FunctionList;
  if (guid) {
    validation.Reference = { Guid: guid };
    if (kind === 'none') {
      if (value.FunctionListField) validation.Reference.Map = value.FunctionListField;
      if (value.ReturnFields?.length) validation.Reference.Fields = value.ReturnFields;
    }
  }
  if (Object.keys(validation).length > 0) element.Validation = validation;

  if (value.DefaultType) {
    const stored = storedDefault(value.Type, value.DefaultValue);
    element.Default = {
      Type: value.DefaultType,
      ...(stored !== undefined ? { Value: stored } : {}),
      ...(value.DefaultInsert ? { Insert: true } : {}),
      ...(value.DefaultUpdate ? { Update: true } : {}),
    };
  }
  return element;
}

/** Where an error about a stored field shows in the drawer (element path → drawer property). */
export function drawerPath(path: string, kind: ValidationKind): string {
  const reference =
    kind === 'referencelist'
      ? '/ReferenceList'
      : kind === 'foreignreference'
        ? '/ForeignReferenceList'
        : '/FunctionList';
  const direct: Record<string, string> = {
    '/Validation/Max': '/MaxLength',
    '/Validation/Regex': '/Regex',
    '/Validation/Type': '/ValidationKind',
    '/Validation/Reference/Guid': reference,
    '/Validation/Reference/Map': '/FunctionListField',
    '/Default/Type': '/DefaultType',
    '/Default/Value': '/DefaultValue',
  };
  if (direct[path]) return direct[path];
  if (path.startsWith('/Validation/Reference/Fields/'))
    return path.replace('/Validation/Reference/Fields/', '/ReturnFields/');
  return path;
}
