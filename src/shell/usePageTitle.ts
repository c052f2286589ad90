import { useEffect } from 'react';
import { PRODUCT_NAME } from './productName';

/** Sets the document title to '{page} - {product}', or the product alone without a page (spec part 1 §2). */
export function usePageTitle(page?: string) {
  useEffect(() => {
    document.title = page ? `${page} - ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [page]);
}
