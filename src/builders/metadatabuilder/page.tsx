import { useMemo } from 'react';
import { BuilderPage } from '../../engine/builder/BuilderPage';
import type { FieldDrawers } from '../../engine/form/fields/fieldDrawer';
import { builder } from './builder';
import { MetadataFieldDrawer } from './MetadataFieldDrawer';
import { metadataRules } from './rules';
import { useMetadataLookups } from './useMetadataLookups';

const fieldDrawers: FieldDrawers = { metadataField: MetadataFieldDrawer };
const formContext = { fieldDrawers };

/**
 * The Metadata Builder: the generic builder page with the rules bound to what they look up (reference
 * lists, function lists, published documents, default value types) and the field drawer of the field list.
 */
export default function MetadataBuilderPage() {
  const lookups = useMetadataLookups();
  const declared = useMemo(
    () => ({
      ...builder,
      rules: (document: Parameters<typeof metadataRules>[0]) => metadataRules(document, lookups),
    }),
    [lookups],
  );
  return <BuilderPage builder={declared} formContext={formContext} />;
}
