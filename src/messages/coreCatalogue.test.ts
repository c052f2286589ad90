import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { coreCatalogue } from './coreCatalogue';
import { en } from './en';

const src = path.resolve(__dirname, '..');

/** The file a relative import names, or undefined for a package or a file that is not TypeScript. */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base].find(
    (file) => /\.tsx?$/.test(file) && existsSync(file),
  );
}

/**
 * Every module the console runs before a builder opens: from the entry, following static and dynamic
 * imports, but not into the builders (they load with the rest of the catalogue, builderPages.tsx) nor
 * into the catalogue itself.
 */
function modulesBeforeBuilders(): string[] {
  const seen = new Set<string>();
  const queue = [path.join(src, 'main.tsx')];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    // Type-only imports run nothing.
    const source = readFileSync(file, 'utf8').replace(/import type [^;]+;/g, '');
    for (const match of source.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
      const target = resolveImport(file, match[1]!);
      if (!target || target.includes(`${path.sep}builders${path.sep}`)) continue;
      if (target.startsWith(path.join(src, 'messages'))) continue;
      queue.push(target);
    }
  }
  return [...seen];
}

describe('the core catalogue (issue 20 point 1: the browser starts with it, builders add the rest)', () => {
  it('holds every text the console shows before a builder opens', () => {
    const modules = modulesBeforeBuilders();
    // Found from its entry, so a wrong walk cannot pass by finding nothing.
    expect(modules.some((file) => file.endsWith('LoginScreen.tsx'))).toBe(true);
    expect(modules.some((file) => file.endsWith('HomeScreen.tsx'))).toBe(true);
    const missing = new Set<string>();
    for (const file of modules) {
      // Any string literal that is a catalogue key: t('…') calls, and keys kept in tables for later.
      for (const match of readFileSync(file, 'utf8').matchAll(/'([\w.-]+)'/g)) {
        const key = match[1]!;
        if (Object.hasOwn(en, key) && !Object.hasOwn(coreCatalogue, key))
          missing.add(`${key} (${path.relative(src, file)})`);
      }
    }
    expect([...missing]).toEqual([]);
  });
});
