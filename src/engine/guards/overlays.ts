/**
 * The open overlays (drawers), newest last. Keyboard shortcuts reach only the topmost (spec part 1 §2
 * 'Only the topmost open overlay reacts'); the page is the bottom layer and owns shortcuts when no
 * drawer is open.
 */
const stack: string[] = [];

export const PAGE_OVERLAY = 'page';

export function pushOverlay(id: string): () => void {
  stack.push(id);
  return () => {
    const index = stack.lastIndexOf(id);
    if (index >= 0) stack.splice(index, 1);
  };
}

export function topOverlay(): string {
  return stack.at(-1) ?? PAGE_OVERLAY;
}
