import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * Builder pages, found by folder: src/builders/<route>/page.tsx default-exports the page of /<route>
 * (e.g. builders/connectionbuilder/page.tsx for /connectionbuilder). Each loads on demand, so a builder
 * costs nothing until opened, and adding one needs no edit here.
 */
const loaders = import.meta.glob<{ default: ComponentType }>('./*/page.tsx');

const pages = new Map<string, LazyExoticComponent<ComponentType>>();

export function builderPage(routePath: string): LazyExoticComponent<ComponentType> | undefined {
  const file = `.${routePath}/page.tsx`;
  const load = loaders[file];
  if (!load) return undefined;
  let page = pages.get(file);
  if (!page) {
    page = lazy(load);
    pages.set(file, page);
  }
  return page;
}
