import type { ComponentType } from 'react';
import type { FieldRecord } from '../../../domain/fields/fieldTree';

/** What a field list gives the drawer that edits one of its fields. */
export interface FieldDrawerProps {
  drawerKey: string;
  /** The field as stored (full dotted name); for a new field, the list's template. */
  field: FieldRecord;
  isNew: boolean;
  /** The parent's full name, or null at the top. */
  parentName: string | null;
  /** Full names of the other fields with the same parent (names are unique within a parent). */
  siblingNames: readonly string[];
  hasChildren: boolean;
  /** Types that may have children (a field with children may change only to one of them). */
  parentTypes: readonly string[];
  readOnly: boolean;
  /** The list's `ui:options.drawerOptions`, for drawers that serve several lists (method inputs and outputs). */
  options: Record<string, unknown>;
  /** Applies the edited field to the list; answers whether it was applied. */
  onSave(field: FieldRecord): boolean;
}

export type FieldDrawerComponent = ComponentType<FieldDrawerProps>;

/**
 * The drawers field lists open, by the name their `ui:options.drawer` gives, passed to the form as
 * `formContext.fieldDrawers`.
 */
export type FieldDrawers = Record<string, FieldDrawerComponent>;

/** The drawer a field list names; an unknown name fails loudly with what to do. */
export function fieldDrawerOf(formContext: unknown, name: string): FieldDrawerComponent {
  const drawers = (formContext as { fieldDrawers?: FieldDrawers } | undefined)?.fieldDrawers;
  const drawer = drawers?.[name];
  if (!drawer) {
    throw new Error(
      `fieldList: no drawer named "${name}". Pass it to the form as formContext.fieldDrawers.${name} (known: ${Object.keys(drawers ?? {}).join(', ') || 'none'}).`,
    );
  }
  return drawer;
}
