import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('generated/ is fresh', () => {
  it('regenerating from openapi/ and schemas/ changes nothing', () => {
    const output = execFileSync('npx', ['tsx', 'scripts/codegen.ts', '--check'], { encoding: 'utf8' });
    expect(output).toMatch(/generated\/ is fresh/);
  }, 60_000);
});
