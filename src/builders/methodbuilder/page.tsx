import { BuilderPage } from '../../engine/builder/BuilderPage';
import type { FieldDrawers } from '../../engine/form/fields/fieldDrawer';
import { builder } from './builder';
import { MethodFieldDrawer } from './MethodFieldDrawer';

const fieldDrawers: FieldDrawers = { methodField: MethodFieldDrawer };
const formContext = { fieldDrawers };

/** The Method Builder: the generic builder page, with the drawer of its input and output field lists. */
export default function MethodBuilderPage() {
  return <BuilderPage builder={builder} formContext={formContext} />;
}
