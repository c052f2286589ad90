import { atom } from 'jotai';

/** A page's own title, set through `usePageTitle`; null leaves the route's title (spec part 1 §2). */
export const pageTitleAtom = atom<string | null>(null);
