import { useMemo } from 'react';
import { metadataRules } from '../../domain/metadata/rules';
import { BuilderPage } from '../../engine/builder/BuilderPage';
import { builder } from './builder';
import { useMetadataLookups } from './useMetadataLookups';

/**
 * The Metadata Builder: the generic builder page with the rules bound to what they look up (reference
 * lists, function lists, published documents, default value types).
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
  return <BuilderPage builder={declared} />;
}
