import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layers of the code base (ARCHITECTURE.md 'Next: the platform runs what the console builds'):
 * src/domain is UI-free and imported by the console, the server and the runtime; src/builders is UI only,
 * so the server never reaches into it.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx)$/.test(entry.name) ? [relative] : [];
  });
}

const SPECIFIER = /(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g;

/** Every import of a file: the package name, or the repository path a relative specifier reaches. */
function importsOf(file: string, text = readFileSync(path.join(root, file), 'utf8')): string[] {
  return [...text.matchAll(SPECIFIER)].map(([, specifier]) =>
    specifier!.startsWith('.')
      ? path.relative(root, path.resolve(root, path.dirname(file), specifier!))
      : specifier!,
  );
}

const uiPackages = /^(react|react-dom|@rjsf\/|@tanstack\/react-|@xyflow\/|jotai|react-router)/;
const uiFolders = /^src\/(builders|engine|shell|app|ui|state|api)\//;
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function violations(files: string[], forbidden: (target: string) => boolean) {
  return files.flatMap((file) =>
    importsOf(file)
      .filter(forbidden)
      .map((target) => `${file} imports ${target}`),
  );
}

describe('layers', () => {
  it('src/domain imports no React, no UI package and no UI folder', () => {
    const files = sourceFiles('src/domain').filter((file) => !isTest(file));
    expect(files.length).toBeGreaterThan(20);
    expect(violations(files, (target) => uiPackages.test(target) || uiFolders.test(`${target}/`))).toEqual(
      [],
    );
  });

  it('no file under server/ imports from src/builders/ (or another UI folder)', () => {
    const files = sourceFiles('server');
    expect(violations(files, (target) => uiFolders.test(`${target}/`) || uiPackages.test(target))).toEqual(
      [],
    );
  });

  it('catches a forbidden import (control)', () => {
    expect(importsOf('server/x.ts', "import { a } from '../src/builders/flowbuilder/page';")).toEqual([
      'src/builders/flowbuilder/page',
    ]);
    expect(uiPackages.test(importsOf('src/domain/x.ts', "import React from 'react';")[0]!)).toBe(true);
  });
});
