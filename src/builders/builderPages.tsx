import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { builderEntries } from '../../generated/builderEntries';
import type { AnyBuilder } from '../engine/builder/BuilderDefinition';

/**
 * Builder pages, found by folder: src/builders/<route>/builder.ts exports `builder`, a declaration the
 * generic BuilderPage renders; a builder that needs more than that has its own page.tsx instead
 * (default export). Each loads on demand, so a builder costs nothing until opened, and adding one needs
 * no edit here. Registry entries kept outside src/builders (a test build's throwaway kind, codegen
 * --with) are listed by route in generated/builderEntries.ts, empty in the product.
 */
const pages = import.meta.glob<{ default: ComponentType }>('./*/page.tsx');
const declarations = import.meta.glob<{ builder: AnyBuilder }>('./*/builder.ts');

const loaded = new Map<string, LazyExoticComponent<ComponentType>>();

/**
 * The builders' texts are not in the catalogue the console starts with (src/messages/coreCatalogue.ts);
 * they load before a builder's modules run, so module-level texts are right too.
 */
const withAllTexts =
  <T,>(load: () => Promise<T>) =>
  () =>
    import('../messages/restCatalogue').then(load);

export function builderPage(routePath: string): LazyExoticComponent<ComponentType> | undefined {
  const folder = `.${routePath}`;
  const cached = loaded.get(folder);
  if (cached) return cached;
  const page = pages[`${folder}/page.tsx`];
  const declaration = declarations[`${folder}/builder.ts`] ?? builderEntries[routePath];
  let component: LazyExoticComponent<ComponentType> | undefined;
  if (page) component = lazy(withAllTexts(page));
  else if (declaration) {
    component = lazy(
      withAllTexts(async () => {
        const [{ builder }, { BuilderPage }] = await Promise.all([
          declaration(),
          import('../engine/builder/BuilderPage'),
        ]);
        return { default: () => <BuilderPage builder={builder} /> };
      }),
    );
  }
  if (component) loaded.set(folder, component);
  return component;
}
