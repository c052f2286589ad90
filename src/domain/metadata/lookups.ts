import type { components } from '../../../generated/uiservices';

type Schemas = components['schemas'];

/**
 * What the metadata rules look up (spec part 1 §5 'Metadata document'): reference lists, foreign reference
 * lists, function lists, published metadata documents, the DefaultValueTypes setting and the schema types.
 * A list that is not loaded yet is left out, and the checks that need it wait.
 */
export interface MetadataLookups {
  referenceLists?: ReadonlyArray<Pick<Schemas['NamedList'], 'Name' | 'Guid'>>;
  foreignLists?: ReadonlyArray<Schemas['ListItem']>;
  functionLists?: ReadonlyArray<Schemas['FunctionList']>;
  /** Names of the published metadata documents. */
  publishedDocuments?: readonly string[];
  defaultValueTypes?: Schemas['Setting']['Items'];
  schemaTypes?: readonly string[];
}
