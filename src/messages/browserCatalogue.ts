import { coreCatalogue } from './coreCatalogue';

/** What t.ts gets as `en` in the browser build (vite.config.ts): the core, completed later in place. */
export const en = coreCatalogue;
