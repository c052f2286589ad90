import { PRODUCT_NAME } from '../productName';

/** '{page} - {product}', or the product alone as the default title (spec part 1 §2). */
export function documentTitle(page: string | null | undefined): string {
  return page ? `${page} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}
