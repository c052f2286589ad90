import type { components } from '../../../generated/uiservices';
import type { Body, KindUsage, Ref } from '../types';

type Element = components['schemas']['MetadataElement'];

/** Every element with its nested elements. */
function* walk(elements: readonly Element[] | undefined): Generator<Element> {
  for (const element of elements ?? []) {
    yield element;
    yield* walk(element.Elements);
  }
}

/**
 * Metadata documents (spec part 1 §3 'Metadata document'): a DocumentType or DocumentArray element names
 * a published metadata document by its name (§5), so others find them by name and a rename breaks them.
 */
export const metadataUsage: KindUsage = {
  uses: ['metadata'],
  byName: true,
  refs: (body: Body): Ref[] =>
    [...walk((body as { Elements?: Element[] }).Elements)]
      .filter((element) => typeof element.Document === 'string' && element.Document.trim() !== '')
      .map((element) => ({ kind: 'metadata', name: element.Document!.trim() })),
};
