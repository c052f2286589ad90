import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:8080';

/**
 * In the browser, src/messages/t.ts starts from the core of the catalogue instead of all of it: /login
 * and home load a third of the texts, and the builders' areas load with the first builder opened
 * (src/messages/coreCatalogue.ts, restCatalogue.ts; issue 20 point 1). Node (server, tests, scripts)
 * keeps the whole catalogue.
 */
const coreCatalogueFirst: Plugin = {
  name: 'core-catalogue-first',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source !== './en' || !importer) return null;
    if (path.normalize(importer.split('?')[0]!) !== path.resolve('src/messages/t.ts')) return null;
    return path.resolve('src/messages/browserCatalogue.ts');
  },
};

/** Redoc's side menu footer: Redocly's logo from their CDN and a link to their site. */
const REDOCLY_FOOTER =
  /e\.createElement\(\w+,null,e\.createElement\("a",\{target:"_blank",rel:"noopener noreferrer",href:"https:\/\/redocly\.com\/redoc\/"\},e\.createElement\(\w+,null\),"API docs by Redocly"\)\)/;

/**
 * Redoc's bundle requires its loader's modules at once: @redocly/openapi-core (with its own ajv, js-yaml
 * and config) and yaml, for loadAndBundleSpec, which fetches a spec URL, bundles its $refs and converts
 * Swagger 2. The API reference never calls it (src/builders/restapi/reference/RedocView.tsx hands Redoc the
 * document it has), so for requires from Redoc those resolve to an empty module: about 430 KB less in
 * the Redoc chunk (issue 31 point 2).
 *
 * Its side menu also ends with "API docs by Redocly" and their logo from their CDN, which the console's
 * CSP refuses (img-src 'self': an error on every opening), in a box fixed to the bottom of the window,
 * which inside the console covers the page under it. That element is left out of the bundle (no
 * option does it); the build stops if a new Redoc has changed it. The README credits Redoc.
 */
const redocForTheConsole: Plugin = {
  name: 'redoc-for-the-console',
  enforce: 'pre',
  resolveId(source, importer) {
    if (!importer?.split(path.sep).join('/').includes('/node_modules/redoc/')) return null;
    if (source !== 'yaml' && !source.startsWith('@redocly/openapi-core')) return null;
    return path.resolve('src/builders/restapi/reference/redocLoaderStub.ts');
  },
  transform(code, id) {
    if (!id.split(path.sep).join('/').includes('/node_modules/redoc/bundles/')) return null;
    if (!REDOCLY_FOOTER.test(code)) this.error('Redoc no longer ends its side menu as expected');
    return { code: code.replace(REDOCLY_FOOTER, 'null'), map: null };
  },
};

export default defineConfig({
  plugins: [coreCatalogueFirst, redocForTheConsole, react()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/apps': api },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
  worker: { format: 'es' },
});
