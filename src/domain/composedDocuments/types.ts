import type { components } from '../../../generated/uiservices';

/** The wire types of composed documents (spec part 2 §3 'Composed document'). */
export type ComposedDocument = components['schemas']['ComposedDocument'];
export type ComposedChild = components['schemas']['ComposedDocumentChild'];
export type ComposedRoot = NonNullable<ComposedDocument['Document']>;
