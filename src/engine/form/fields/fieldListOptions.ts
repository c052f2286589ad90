import type { UIOptionsType } from '@rjsf/utils';
import { defaultShape, type TreeShape } from '../../../domain/fields/fieldTree';

export interface FieldListColumn {
  /** Dotted path of the value in a field, e.g. 'Validation.Required'. */
  path: string;
  header: string;
  kind?: 'text' | 'boolean';
}

export interface FieldListOptions {
  drawer: string;
  shape: TreeShape;
  parentTypes: readonly string[];
  columns: readonly FieldListColumn[];
  /** The field in texts: 'field', 'input field'. */
  itemLabel: string;
  /**
   * What a new field starts as: by default an empty name and no type, since the type must be chosen
   * (spec part 1 §5: "Field type not chosen: fieldTypeError"; 'Method': "type missing").
   */
  newField: Record<string, unknown>;
  /** Passed to the drawer as is. */
  drawerOptions: Record<string, unknown>;
}

/**
 * A field list's options from its UI schema (`ui:options`): the drawer that edits a field, which types
 * may have children, nested Elements or flat Parent lists, the columns.
 */
export function fieldListOptions(options: UIOptionsType): FieldListOptions {
  if (typeof options.drawer !== 'string')
    throw new Error('fieldList: ui:options.drawer must name the drawer that edits one field');
  return {
    drawer: options.drawer,
    shape: {
      representation: options.representation === 'flat' ? 'flat' : 'nested',
      nameField: (options.nameField as string | undefined) ?? defaultShape.nameField,
      typeField: (options.typeField as string | undefined) ?? defaultShape.typeField,
      childrenField: (options.childrenField as string | undefined) ?? defaultShape.childrenField,
      parentField: (options.parentField as string | undefined) ?? defaultShape.parentField,
    },
    parentTypes: (options.parentTypes as string[] | undefined) ?? [],
    columns: (options.columns as FieldListColumn[] | undefined) ?? [{ path: 'Type', header: 'Type' }],
    itemLabel: (options.itemLabel as string | undefined) ?? 'field',
    newField: (options.newField as Record<string, unknown> | undefined) ?? { Name: '' },
    drawerOptions: (options.drawerOptions as Record<string, unknown> | undefined) ?? {},
  };
}
