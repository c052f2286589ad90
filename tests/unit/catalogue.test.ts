import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueParts, en } from '../../src/messages/en';

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full, pattern);
    return pattern.test(name) && !name.includes('.test.') ? [full] : [];
  });
}

/** Keys used in code: t('key'), HttpError(status, 'key'), notFound('key'), messageKey: 'key', and x-messages values. */
function usedKeys(): Map<string, string> {
  const used = new Map<string, string>();
  const code = [...files('src', /\.(ts|tsx)$/), ...files('server', /\.ts$/)];
  const patterns = [
    /\bt\(\s*'([^']+)'/g,
    /new HttpError\(\s*\d+,\s*'([^']+)'/g,
    /\bnotFound\(\s*'([^']+)'/g,
    /messageKey:\s*'([^']+)'/g,
  ];
  for (const file of code) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) used.set(match[1]!, file);
  }
  for (const file of files('schemas', /\.json$/)) {
    const walk = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'x-messages')
          for (const messageKey of Object.values(value as object)) used.set(String(messageKey), file);
        else if (key === 'message' && typeof value === 'string') used.set(value, file);
        else walk(value);
      }
    };
    walk(JSON.parse(readFileSync(file, 'utf8')));
  }
  return used;
}

/** Quoted in code, schemas or the codegen that writes generated/ ('key', "key" or `key`): a use of the key. */
function quotedKeys(): string {
  return [
    ...files('src', /\.(ts|tsx)$/).filter(
      (file) => !file.startsWith(path.join('src', 'messages', 'catalogue')),
    ),
    ...files('server', /\.ts$/),
    ...files('scripts', /\.ts$/),
    ...files('schemas', /\.json$/),
  ]
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}

/** The string literals of a TypeScript union type, e.g. `type ShortcutAction = 'save' | 'publish';`. */
function unionOf(file: string, type: string): string[] {
  const declared = readFileSync(file, 'utf8').match(new RegExp(`type ${type} =([^;]+);`));
  if (!declared) throw new Error(`${file} declares no type ${type}`);
  return [...declared[1]!.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
}

const enumOf = (file: string, pointer: (schema: never) => unknown) =>
  pointer(JSON.parse(readFileSync(file, 'utf8')) as never) as string[];

/**
 * Keys code makes from a template (`t(\`audit.action.${action}\`)`): where the template is, and the values
 * it is filled with, read from where they are declared. Each template must still be in its files.
 */
const templated: Array<{ template: string; files: string[]; values: () => string[] }> = [
  {
    template: 'audit.action.${',
    files: ['src/builders/audit/page.tsx', 'src/engine/diff/AuditEntries.tsx'],
    values: () =>
      enumOf('schemas/audit/audit-action.schema.json', (schema: { enum: string[] }) => schema.enum),
  },
  {
    template: 'audit.kind.${',
    files: ['src/engine/diff/AuditEntries.tsx'],
    values: () => ['role', 'user', 'apiUser'],
  },
  {
    template: 'palette.action.${',
    files: ['src/shell/palette/paletteOptions.ts'],
    values: () => unionOf('src/engine/guards/shortcuts.ts', 'ShortcutAction'),
  },
  {
    template: 'promote.status.${',
    files: ['src/builders/promote/page.tsx'],
    values: () =>
      enumOf(
        'schemas/promote/import-item.schema.json',
        (schema: { properties: { Status: { enum: string[] } } }) => schema.properties.Status.enum,
      ),
  },
  {
    template: 'usage.state.${',
    files: ['src/engine/usage/UsageTable.tsx'],
    values: () =>
      enumOf(
        'schemas/usage/usage-entry.schema.json',
        (schema: { properties: { State: { enum: string[] } } }) => schema.properties.State.enum,
      ),
  },
];

/**
 * Keys the spec names that nothing shows, each with why it stays (the server never answers it, no
 * screen of the console has the case).
 */
const specNamedUnused: Record<string, string> = {
  'requestNewPassword.notification':
    "spec part 1 §8 'The email address does not exist': told anyone which addresses have an account, so RequestNewPassword answers a known and an unknown address alike (issue 29 point 6)",
};

describe('the message catalogue', () => {
  it('has every key used in code and schemas', () => {
    const missing = [...usedKeys()]
      .filter(([key]) => !Object.hasOwn(en, key))
      .map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('defines each key in one area only', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [area, texts] of Object.entries(catalogueParts)) {
      for (const key of Object.keys(texts)) {
        if (seen.has(key)) twice.push(`${key} (${seen.get(key)}, ${area})`);
        seen.set(key, area);
      }
    }
    expect(twice).toEqual([]);
  });

  it('has no key that nothing uses (issue 33): each is quoted in src/, server/, scripts/ or schemas/, made from a template, or named by the spec with a reason', () => {
    const quoted = quotedKeys();
    const made = new Set(
      templated.flatMap(({ template, values }) =>
        values().map((value) => `${template.slice(0, -2)}${value}`),
      ),
    );
    const used = (key: string) =>
      quoted.includes(`'${key}'`) ||
      quoted.includes(`"${key}"`) ||
      quoted.includes(`\`${key}\``) ||
      made.has(key);
    const unused = Object.keys(en).filter((key) => {
      // A plural's `.one` is used with its key (t() picks it for a count of 1).
      const base = key.endsWith('.one') ? key.slice(0, -'.one'.length) : key;
      return !used(base) && !Object.hasOwn(specNamedUnused, base);
    });
    expect(unused).toEqual([]);
    // The exceptions stay honest: each template is still in its files, and makes keys the catalogue has;
    // each key named with a reason is still unused.
    for (const { template, files: where } of templated)
      for (const file of where)
        expect(readFileSync(file, 'utf8'), `${template} in ${file}`).toContain(template);
    expect([...made].filter((key) => !Object.hasOwn(en, key))).toEqual([]);
    expect(Object.keys(specNamedUnused).filter(used)).toEqual([]);
  });

  it('finds keys in code at all (control)', () => {
    expect(usedKeys().size).toBeGreaterThan(20);
  });

  it.each([
    ['login.notification', 'The email address and password do not match', 'part 1 §8 Account'],
    ['login.twoFANotification', 'The two factor authentication code is incorrect', 'part 1 §8 Account'],
    ['requestNewPassword.notification', 'The email address does not exist', 'part 1 §8 Account'],
    ['requestNewPassword.success', 'Check your email to reset your password', 'part 1 §4, §8 Account'],
    ['passwordNoMatch', "Passwords don't match", 'part 1 §8 Account'],
    ['passwordNoMatchRequirements', 'Your password does not match the requirements', 'part 1 §8 Account'],
    [
      'resetPassword.notification',
      'An error occured, please try again or contact your admin',
      'part 1 §8 Account',
    ],
    ['generic.error', 'Something went wrong, please try again', 'part 1 §8 Generic'],
    ['generic.updateError', 'Something went wrong while updating. Please try again.', 'part 1 §8 Generic'],
    ['api.unauthorized', 'Please login to perform this action', 'part 1 §8 API errors'],
  ])('%s reads the spec wording (%s)', (key, text) => {
    expect(en[key as keyof typeof en]).toBe(text);
  });
});
