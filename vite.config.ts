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

export default defineConfig({
  plugins: [coreCatalogueFirst, react()],
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
