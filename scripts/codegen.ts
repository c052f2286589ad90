/**
 * Turns the hand-written contract into what the console and the server load:
 *
 * - generated/openapi.json  the OpenAPI document with every schema file of schemas/ pulled into
 *                           components.schemas (the server registers its routes from it)
 * - generated/schemas.json  the same schemas as one JSON Schema document ($defs), the single source the
 *                           shared Ajv instance and the RJSF forms read
 * - generated/uiservices.ts types of every path, operation and schema (openapi-typescript)
 *
 * - generated/plainKinds.ts the plain item kinds: x-item declarations with their x-item-kind operations
 *
 * `--check` regenerates in memory and fails when generated/ differs, so a stale generated/ fails the
 * build and the tests.
 *
 * `--with <folder>` (repeatable) adds declarations kept outside the product: the folder's schema and UI
 * schema files, its contract.yaml (paths and components merged into the contract) and its builder.ts
 * (the registry entry of the kind it declares, listed in generated/builderEntries.ts). `--out <folder>`
 * writes elsewhere than generated/, a folder directly under the root so generated imports still resolve.
 * Tests build a console with a throwaway kind this way (tests/fixtures/), so the product ships none.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import standaloneCode from 'ajv/dist/standalone';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse } from 'yaml';
import { createAjv } from '../src/validation/createAjv';
import { RUNTIME_MODULE } from '../src/validation/keywords';
import { plainKindsModule, plainKindsOf, withPlainItemKinds } from './lib/plainKinds';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contractPath = path.join(root, 'openapi/uiservices.yaml');

/** The values of a repeatable command-line option. */
const optionValues = (name: string) =>
  process.argv.flatMap((arg, index) => (arg === name ? [process.argv[index + 1] ?? ''] : []));

const withFolders = optionValues('--with').map((folder) => path.resolve(root, folder));
const outDir = path.resolve(root, optionValues('--out')[0] ?? 'generated');
if (path.dirname(outDir) !== root)
  throw new Error('codegen: --out must name a folder directly under the root');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Pulls every schema file the contract reaches into components.schemas, named by its title. */
export function bundleContract(): JsonObject {
  const contract = withFragments(parse(readFileSync(contractPath, 'utf8')) as JsonObject);
  const components = contract.components as JsonObject;
  const declared = components.schemas as JsonObject;
  const nameOfFile = new Map<string, string>();
  const bundled: JsonObject = {};
  const pending: Array<[string, string]> = [];

  const nameFor = (file: string): string => {
    const known = nameOfFile.get(file);
    if (known) return known;
    const schema = JSON.parse(readFileSync(file, 'utf8')) as JsonObject;
    const title = schema.title;
    if (typeof title !== 'string') throw new Error(`codegen: ${path.relative(root, file)} needs a "title"`);
    if ([...nameOfFile.values()].includes(title)) {
      throw new Error(`codegen: two schema files are titled "${title}"; titles name the components`);
    }
    nameOfFile.set(file, title);
    pending.push([file, title]);
    return title;
  };

  // The contract's own component names win over titles, so the names clients see are chosen there.
  for (const [name, entry] of Object.entries(declared)) {
    const ref = isObject(entry) ? entry.$ref : undefined;
    if (typeof ref !== 'string' || ref.startsWith('#')) {
      bundled[name] = entry;
      continue;
    }
    const file = path.resolve(path.dirname(contractPath), ref);
    const schema = JSON.parse(readFileSync(file, 'utf8')) as JsonObject;
    if (schema.title !== name) {
      throw new Error(`codegen: components.schemas.${name} points at a schema titled "${schema.title}"`);
    }
    nameFor(file);
  }

  const rewrite = (node: Json, file: string, self: string): Json => {
    if (Array.isArray(node)) return node.map((item) => rewrite(item, file, self));
    if (!isObject(node)) return node;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const [target = '', fragment = ''] = value.split('#');
        if (!target && !self) out.$ref = value;
        else {
          const name = target ? nameFor(path.resolve(path.dirname(file), target)) : self;
          out.$ref = `#/components/schemas/${name}${fragment}`;
        }
      } else if (key === '$schema' || key === '$id') {
        // One document, one dialect (OpenAPI 3.1 = JSON Schema 2020-12); ids would split it again.
      } else {
        out[key] = rewrite(value, file, self);
      }
    }
    return out;
  };

  for (let next = pending.shift(); next; next = pending.shift()) {
    const [file, name] = next;
    bundled[name] = rewrite(JSON.parse(readFileSync(file, 'utf8')) as Json, file, name);
  }

  const sorted: JsonObject = {};
  for (const name of Object.keys(bundled).sort()) sorted[name] = bundled[name] as Json;
  const withoutFileRefs = rewrite(
    { ...contract, components: { ...components, schemas: {} } },
    contractPath,
    '',
  );
  return {
    ...(withoutFileRefs as JsonObject),
    components: { ...((withoutFileRefs as JsonObject).components as JsonObject), schemas: sorted },
  };
}

/**
 * The contract with the contract.yaml of every --with folder merged in: its paths, tags and component
 * schemas and parameters. Its file refs are made absolute first, so they resolve from its own folder.
 */
function withFragments(contract: JsonObject): JsonObject {
  const components = contract.components as JsonObject;
  for (const folder of withFolders) {
    const file = path.join(folder, 'contract.yaml');
    if (!existsSync(file)) continue;
    const absolute = (node: Json): Json => {
      if (Array.isArray(node)) return node.map(absolute);
      if (!isObject(node)) return node;
      return Object.fromEntries(
        Object.entries(node).map(([key, value]) =>
          key === '$ref' && typeof value === 'string' && !value.startsWith('#')
            ? [key, path.resolve(folder, value)]
            : [key, absolute(value)],
        ),
      );
    };
    const fragment = absolute(parse(readFileSync(file, 'utf8')) as Json) as JsonObject;
    const parts = (fragment.components ?? {}) as JsonObject;
    for (const [name, part] of [
      ['paths', fragment.paths],
      ['schemas', parts.schemas],
      ['parameters', parts.parameters],
    ] as const) {
      const target = (name === 'paths' ? contract.paths : components[name]) as JsonObject;
      for (const [key, value] of Object.entries((part ?? {}) as JsonObject)) {
        if (key in target) throw new Error(`codegen: ${path.relative(root, file)} redefines ${name} ${key}`);
        target[key] = value;
      }
    }
    contract.tags = [...((contract.tags ?? []) as Json[]), ...((fragment.tags ?? []) as Json[])];
  }
  return contract;
}

function schemaFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      return entry.name.endsWith('.schema.json') ? [full] : [];
    });
  return [path.join(root, 'schemas'), ...withFolders].flatMap(walk);
}

/**
 * The registry entries of the --with folders (their builder.ts), by the route their kind declares; the
 * console's builder pages look there after src/builders/ (src/builders/builderPages.tsx).
 */
function builderEntries(kinds: ReturnType<typeof plainKindsOf>): string {
  const rows = withFolders.flatMap((folder) => {
    const entry = path.join(folder, 'builder.ts');
    if (!existsSync(entry)) return [];
    const declared = kinds.filter((kind) =>
      schemaFiles().some(
        (file) =>
          file.startsWith(folder + path.sep) &&
          (JSON.parse(readFileSync(file, 'utf8')) as JsonObject).title === kind.schema,
      ),
    );
    if (declared.length !== 1)
      throw new Error(
        `codegen: ${path.relative(root, folder)} has a builder.ts but declares ${declared.length} kinds`,
      );
    const target = path.relative(outDir, entry).replaceAll(path.sep, '/').replace(/\.ts$/, '');
    return [`  ${JSON.stringify(declared[0]!.route)}: () => import(${JSON.stringify(target)}),`];
  });
  return `// Generated by scripts/codegen.ts: registry entries kept outside src/builders (codegen --with). Do not edit.
import type { AnyBuilder } from '../src/engine/builder/BuilderDefinition';

export const builderEntries: Record<string, () => Promise<{ builder: AnyBuilder }>> = {
${rows.join('\n')}
};
`;
}

/**
 * Schemas the contract does not use (drawer forms and the like) join the schema document too, named by
 * title, so every form is validated by the same Ajv.
 */
function extraSchemas(openapi: JsonObject): JsonObject {
  const known = new Set(Object.keys((openapi.components as JsonObject).schemas as JsonObject));
  const extras: JsonObject = {};
  for (const file of schemaFiles()) {
    const schema = JSON.parse(readFileSync(file, 'utf8')) as JsonObject;
    const title = schema.title as string | undefined;
    if (!title) throw new Error(`codegen: ${path.relative(root, file)} needs a "title"`);
    if (known.has(title)) continue;
    const text = JSON.stringify(schema).replace(/"\$ref":"([^"]*)"/g, (_whole, ref: string) => {
      const [target = '', fragment = ''] = ref.split('#');
      if (!target) return `"$ref":"#/components/schemas/${title}${fragment}"`;
      const referenced = JSON.parse(
        readFileSync(path.resolve(path.dirname(file), target), 'utf8'),
      ) as JsonObject;
      return `"$ref":"#/components/schemas/${referenced.title as string}${fragment}"`;
    });
    const { $schema: _dialect, $id: _id, ...rest } = JSON.parse(text) as JsonObject;
    extras[title] = rest;
  }
  return extras;
}

/** The component schemas as one JSON Schema document, refs pointing into its $defs. */
export function schemaDocument(openapi: JsonObject): JsonObject {
  const all = { ...((openapi.components as JsonObject).schemas as JsonObject), ...extraSchemas(openapi) };
  const text = JSON.stringify(all).replaceAll('"#/components/schemas/', '"#/$defs/');
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'uiservices:schemas',
    $defs: JSON.parse(text) as Json,
  };
}

async function typesOf(openapi: JsonObject): Promise<string> {
  const ast = await openapiTS(openapi as never, { alphabetize: false, immutable: false });
  return `// Generated by scripts/codegen.ts from openapi/uiservices.yaml. Do not edit.\n${astToString(ast)}`;
}

/**
 * Precompiled validators, one module per schema, made by the shared Ajv configuration. The browser runs
 * these instead of compiling schemas at run time, which the content security policy (no eval) forbids.
 */
/** `require("module").member` in Ajv's standalone code → the export of src/validation/runtime.ts. */
const runtimeHelpers: Record<string, string> = {
  'ajv/dist/runtime/ucs2length.default': 'ucs2length',
  'ajv/dist/runtime/equal.default': 'equal',
  'ajv-formats/dist/formats.fullFormats': 'formats',
};

export function standaloneValidators(schemas: JsonObject): Record<string, string> {
  const ajv = createAjv({ code: { source: true, esm: true } });
  ajv.addSchema(schemas);
  const out: Record<string, string> = {};
  for (const name of Object.keys(schemas.$defs as JsonObject)) {
    const validate = ajv.getSchema(`${schemas.$id}#/$defs/${name}`);
    if (!validate) throw new Error(`codegen: no validator for ${name}`);
    // Standalone code reaches its helpers with require(); the console is ES modules, so each known
    // helper is pointed at src/validation/runtime.ts.
    const code = standaloneCode(ajv, validate).replace(
      /require\("([^"]+)"\)\.(\w+)/g,
      (whole, module: string, member: string) => {
        const helper = module === RUNTIME_MODULE ? member : runtimeHelpers[`${module}.${member}`];
        if (!helper)
          throw new Error(
            `codegen: ${name} needs ${whole}; add it to src/validation/runtime.ts and runtimeHelpers`,
          );
        return `runtime.${helper}`;
      },
    );
    const imports = code.includes('runtime.')
      ? ["import * as runtime from '../../src/validation/runtime';"]
      : [];
    const typed = code
      .replace('"use strict";', '')
      .replace(
        /export const validate = (\w+);export default \1;/,
        "const typed: import('../../src/validation/validateWith').Validator = $1 as never;export const validate = typed;export default typed;",
      );
    out[`validators/${name}.ts`] =
      `// @ts-nocheck\n// Generated by scripts/codegen.ts from schemas/. Do not edit.\n${imports.join('\n')}\n${typed}\n`;
  }
  return out;
}

/** Definitions a schema reaches through $ref, itself included when it refers to itself. */
function closureOf(defs: JsonObject, name: string): JsonObject {
  const out: JsonObject = {};
  const visit = (node: Json) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')) {
        const target = value.slice('#/$defs/'.length).split('/')[0]!;
        if (!(target in out)) {
          out[target] = defs[target] as Json;
          visit(defs[target] as Json);
        }
      } else visit(value);
    }
  };
  visit(defs[name] as Json);
  return out;
}

/**
 * One form module per UI schema: schemas/<...>/<file>.ui.json beside <file>.schema.json gives
 * generated/forms/<Title>.ts with the schema (and the definitions it uses), the UI schema and the
 * precompiled validator. Storybook and the builders import these.
 */
function formModules(schemas: JsonObject): Record<string, string> {
  const defs = schemas.$defs as JsonObject;
  const out: Record<string, string> = {};
  for (const file of schemaFiles()) {
    const uiFile = file.replace(/\.schema\.json$/, '.ui.json');
    if (!existsSync(uiFile)) continue;
    const title = (JSON.parse(readFileSync(file, 'utf8')) as JsonObject).title as string;
    const uiSchema = JSON.parse(readFileSync(uiFile, 'utf8')) as Json;
    const schema = { ...(defs[title] as JsonObject), $defs: closureOf(defs, title) };
    out[`stories/${title}.stories.tsx`] =
      `// Generated by scripts/codegen.ts: the stories of form ${title} (empty, filled, errors). Do not edit.
import { formStories } from '../../stories/formStories';
import { form } from '../forms/${title}';

const stories = formStories(form);
export default { title: ${JSON.stringify(title)}, component: stories.meta.component, args: stories.meta.args };
export const Empty = stories.Empty;
export const Filled = stories.Filled;
export const Errors = stories.Errors;
`;
    out[`forms/${title}.ts`] =
      `// Generated by scripts/codegen.ts from ${path.relative(root, file)} and its .ui.json. Do not edit.
import type { FormDefinition } from '../../src/engine/form/formDefinition';
import validate from '../validators/${title}';

export const form: FormDefinition = {
  name: ${JSON.stringify(title)},
  // The schema carries the x- keywords of the shared Ajv, which RJSF's JSON Schema type does not list.
  schema: ${JSON.stringify(schema, null, 2).replaceAll('\n', '\n  ')} as FormDefinition['schema'],
  uiSchema: ${JSON.stringify(uiSchema, null, 2).replaceAll('\n', '\n  ')},
  validate,
};
`;
  }
  return out;
}

/** The contract's answers of a change: `true` on success (Ok), or the saved item's guid and revision (Saved). */
const WRITE_ANSWERS = new Set(['#/components/responses/Ok', '#/components/responses/Saved']);

/**
 * Method and path of every operationId, so declarations can name calls by id (src/api/callOperation.ts),
 * and `write: true` on the saves, deletes and status changes: the calls whose 200 answer is the contract's
 * Ok or Saved, every DELETE, and every Post{Item} (a record's save answers the stored record). For them a
 * `false` answer is a failure (spec part 1 §7) and a failure reads the update text (part 1 §8
 * 'Generic'); the client reads the flag (src/api/client.ts). A call that answers false for success
 * (Script.CheckCompilation, part 1 §7) is none of these, so it is no write.
 */
function operationTable(openapi: JsonObject): string {
  const rows: string[] = [];
  for (const [route, item] of Object.entries(openapi.paths as JsonObject)) {
    for (const [method, operation] of Object.entries(item as JsonObject)) {
      const id = (operation as JsonObject).operationId;
      const answer = ((operation as JsonObject).responses as JsonObject | undefined)?.['200'] as
        | JsonObject
        | undefined;
      const write =
        (typeof answer?.$ref === 'string' && WRITE_ANSWERS.has(answer.$ref)) ||
        method === 'delete' ||
        (typeof id === 'string' && /^Post[A-Z]/.test(id.slice(id.indexOf('.') + 1)));
      if (typeof id === 'string')
        rows.push(
          `  ${JSON.stringify(id)}: { method: '${method.toUpperCase()}', path: ${JSON.stringify(route)}${write ? ', write: true' : ''} },`,
        );
    }
  }
  return `// Generated by scripts/codegen.ts from openapi/uiservices.yaml. Do not edit.\nexport const operationTable = {\n${rows.join('\n')}\n} as const;\n`;
}

async function main() {
  const check = process.argv.includes('--check');
  const openapi = bundleContract();
  const kinds = plainKindsOf(openapi);
  withPlainItemKinds((openapi.components as JsonObject).schemas as JsonObject, kinds);
  const schemas = schemaDocument(openapi);
  const files: Record<string, string> = {
    'plainKinds.ts': plainKindsModule(kinds),
    'builderEntries.ts': builderEntries(kinds),
    'openapi.json': `${JSON.stringify(openapi, null, 2)}\n`,
    'schemas.json': `${JSON.stringify(schemas, null, 2)}\n`,
    'uiservices.ts': await typesOf(openapi),
    'operations.ts': operationTable(openapi),
    ...standaloneValidators(schemas),
    ...formModules(schemas),
  };
  if (check) {
    const stale = Object.entries(files).filter(([name, text]) => {
      try {
        return readFileSync(path.join(outDir, name), 'utf8') !== text;
      } catch {
        return true;
      }
    });
    const present = (
      await Promise.all(
        ['validators', 'forms', 'stories'].map(async (folder) =>
          (
            await readdir(path.join(outDir, folder)).catch(() => [] as string[])
          ).map((file) => `${folder}/${file}`),
        ),
      )
    ).flat();
    for (const extra of present.filter((file) => !(file in files))) stale.push([extra, '']);
    if (stale.length > 0) {
      console.error(
        `generated/ is stale (${stale.map(([name]) => name).join(', ')}): run \`npm run codegen\` and commit the result.`,
      );
      process.exit(1);
    }
    console.log(`generated/ is fresh (${Object.keys(files).length} files).`);
    return;
  }
  await rm(outDir, { recursive: true, force: true });
  await mkdir(path.join(outDir, 'validators'), { recursive: true });
  await mkdir(path.join(outDir, 'forms'), { recursive: true });
  await mkdir(path.join(outDir, 'stories'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(outDir, name), text);
  console.log(`${path.relative(root, outDir)}/: ${Object.keys(files).length} files`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
}
