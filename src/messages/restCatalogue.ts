import { coreCatalogue } from './coreCatalogue';
import { en } from './en';

/**
 * Completes the browser's catalogue (see coreCatalogue.ts) with every area; loaded before a builder's
 * modules run (src/builders/builderPages.tsx), so their texts, module-level ones included, are there.
 * Outside the browser build t() has the whole catalogue from the start and this changes nothing.
 */
Object.assign(coreCatalogue, en);
