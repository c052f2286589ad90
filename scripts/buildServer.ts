import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { serverBundleDir, serverBundleFile } from '../server/db/template';
import { makeBundledTemplate } from './lib/template';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Server modules find their files (migrations, demo seeds, the contract, the built console) next to
 * themselves through `import.meta.url`. In the bundle that would be the bundle's own address, so each
 * use becomes the module's source address, written relative to the bundle: the bundle keeps working
 * wherever the checkout is moved.
 */
const sourceAddresses: Plugin = {
  name: 'source-addresses',
  setup(plugin) {
    // The folders loaded by name (areas/, seed/demo/) are bundled whole; a test file there is skipped at
    // run time, so it stays out of the bundle rather than pull its test runner in.
    plugin.onResolve({ filter: /\.test\.tsx?$/ }, (args) => ({ path: args.path, external: true }));
    plugin.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = path.relative(serverBundleDir, args.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
        ),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

/**
 * @fastify/static requires glob at its start for `wildcard: false`, which the server does not use
 * (one wildcard route, server/http/static.ts); evaluating glob was some 35 ms of every start (issue 20
 * point 4). In the bundle, glob is evaluated on its first call instead.
 */
const lazyGlob: Plugin = {
  name: 'lazy-glob',
  setup(plugin) {
    plugin.onResolve({ filter: /^glob$/ }, (args) =>
      args.importer.includes(`${path.sep}@fastify${path.sep}static${path.sep}`)
        ? { path: createRequire(args.importer).resolve('glob'), namespace: 'lazy-glob' }
        : undefined,
    );
    plugin.onLoad({ filter: /.*/, namespace: 'lazy-glob' }, (args) => ({
      contents: `let real;\nexports.glob = (...args) => (real ??= require(${JSON.stringify(args.path)})).glob(...args);\n`,
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

/**
 * `npm run build` (after the console): the server as one ES module, so `npm start` runs plain Node on
 * prebuilt JavaScript instead of tsx compiling some 200 modules at each start (issue 20 point 4), and a
 * migrated, empty PGlite data directory that a first start copies instead of running initdb and every
 * migration. Packages stay in node_modules (PGlite, argon2 and tree-sitter load files next to
 * themselves).
 */
async function main() {
  const started = performance.now();
  await build({
    entryPoints: [path.join(root, 'server/main.ts')],
    outfile: serverBundleFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages that load files next to themselves (wasm, native addons, optional natives) stay in
    // node_modules; the rest is bundled, which spares Node resolving and reading some 300 files.
    external: [
      '@electric-sql/pglite',
      'argon2',
      'web-tree-sitter',
      'tree-sitter-c-sharp',
      'pg',
      'nodemailer',
      // ssh2 loads native addons of its own (crypto, cpu-features) when they are built.
      'ssh2',
      'ssh2-sftp-client',
      // The OpenTelemetry SDK loads only when OTEL_EXPORTER_OTLP_ENDPOINT is set (server/observability/
      // otel.ts imports it with import()): outside the bundle, a start without it never reads a line of
      // it (the cold start is a budget). @opentelemetry/api stays in: prom-client needs it at start.
      '@opentelemetry/sdk-trace-node',
      '@opentelemetry/exporter-trace-otlp-http',
      '@opentelemetry/resources',
      '@opentelemetry/instrumentation',
      '@opentelemetry/instrumentation-undici',
    ],
    // Identifiers are not minified, so names in stack traces stay as in the sources (keepNames would
    // wrap every closure made per request in a naming call); whitespace and syntax are, which leaves a
    // third less source for V8 to parse at every start.
    legalComments: 'none',
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
    plugins: [sourceAddresses, lazyGlob],
    // Each build seeds once per data folder; its restarts skip the seed (server/seed/seedState.ts).
    define: { __SERVER_BUILD_ID__: JSON.stringify(randomUUID()) },
    banner: {
      js: [
        '// Built by scripts/buildServer.ts from server/main.ts; `npm run build` remakes it.',
        // Bundled CommonJS packages require Node's own modules.
        "import { createRequire as __createRequire } from 'node:module';",
        'const require = __createRequire(import.meta.url);',
      ].join('\n'),
    },
  });
  const template = await makeBundledTemplate();
  console.log(
    `server: ${path.relative(root, serverBundleFile)} and ${template.made ? 'a new' : 'the'} empty database ${path.relative(root, template.dir)} in ${Math.round(performance.now() - started)} ms`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
