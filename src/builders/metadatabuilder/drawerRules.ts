import { form } from '../../../generated/forms/MetadataFieldDrawer';
import type { ValidationKind } from '../../domain/metadata/fieldOptions';
import type { MetadataLookups } from '../../domain/metadata/lookups';
import { elementErrors, type MetadataElement } from '../../domain/metadata/rules';
import { runValidation } from '../../engine/form/runValidation';
import type { FieldError } from '../../validation/fieldErrors';
import { drawerPath, type FieldDrawerValue, fromDrawerValue } from './drawerValue';

export interface DrawerRuleContext {
  original: MetadataElement | null;
  parentName: string | null;
  siblingNames: readonly string[];
  hasChildren: boolean;
  lookups: MetadataLookups;
}

/**
 * The field drawer's rules: the one field's rules of the document (elementErrors), on the field the drawer
 * would save, shown at the drawer's inputs. What the drawer's schema already reports is left out.
 */
export function drawerRules(value: FieldDrawerValue, context: DrawerRuleContext): FieldError[] {
  const element = fromDrawerValue(value, context.original, context.parentName);
  const kind = (value.ValidationKind ?? 'none') as ValidationKind;
  const reported = new Set(runValidation(form, value).map((error) => `${error.path} ${error.messageKey}`));
  return elementErrors(element, {
    path: '',
    parentName: context.parentName,
    lookups: context.lookups,
    hasChildren: context.hasChildren,
    siblingNames: context.siblingNames,
  })
    .map((error) => ({ ...error, path: drawerPath(error.path, kind) }))
    .filter((error) => !reported.has(`${error.path} ${error.messageKey}`));
}
