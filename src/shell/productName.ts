/** The product's name in page titles ('{page} - {product}', spec part 1 §2). */
export const PRODUCT_NAME = 'Integration Console';
