import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as delays from '../../src/ui/debounce';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.(ts|tsx)$/.test(name) && !name.includes('.test.') ? [full] : [];
  });
}

const sources = files('src').map((file) => ({ file, text: readFileSync(file, 'utf8') }));
const debounceFile = path.join('src', 'ui', 'debounce.ts');

/**
 * Timers of src/ that are no input's debounce, each with why. A new `..._MS` constant either is one of
 * these (add it with its reason) or takes its delay from src/ui/debounce.ts.
 */
const notDebounces: Record<string, string> = {
  NO_FRAME_FALLBACK_MS: 'afterNextPaint: runs the work when no animation frame comes (a hidden tab)',
  VALIDATION_DELAY_MS: 'spec part 1 §4, §9: the validation run starts after 1 ms',
  URL_QUIET_MS: 'when a list change the list already shows reaches the address bar (issue 20 point 2)',
  URL_WRITE_MS: 'the idle deadline of that address-bar write (issue 20 point 2)',
  PREPARE_STEP_MS: 'the idle deadline of preparing a whole list for paging in the browser',
  AUTO_DISMISS_MS: 'spec part 1 §4, §9: success and info notices go after 5000 ms',
  REFRESH_LEAD_MS: 'spec part 1 §4: the token is refreshed 2 seconds before it expires',
  SHARE_EVERY_MS: 'how often a tab tells the others of activity (inactivity, part 1 §4)',
  CLOCK_TICK_MS: 'spec part 1 §4, §9: the clock ticks every second',
};

/** Issue 33 point 4: every debounced input waits the spec's delays, from one place (part 1 §9, part 2 §9). */
describe('debounce delays', () => {
  it('are the spec’s: search 200 ms, default 250 ms, password check 500 ms (part 1 §9)', () => {
    expect({ ...delays }).toEqual({
      SEARCH_DEBOUNCE_MS: 200,
      DEFAULT_DEBOUNCE_MS: 250,
      PASSWORD_CHECK_DELAY_MS: 500,
    });
  });

  it('every useDebouncedValue waits one of them', () => {
    const calls = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/useDebouncedValue\(([^;]*?),\s*([^,()]+?)\s*\)/g)].map((match) => ({
        file,
        delay: match[2]!,
      })),
    );
    expect(calls.length).toBeGreaterThan(2);
    expect(calls.filter((call) => !Object.hasOwn(delays, call.delay))).toEqual([]);
  });

  it('no other timer constant is a debounce of its own (each other one says why it is none)', () => {
    const own = sources.flatMap(({ file, text }) =>
      file === debounceFile
        ? []
        : [...text.matchAll(/\bconst ([A-Z][A-Z0-9_]*_MS)\s*=\s*([^;]+);/g)].map((match) => ({
            file,
            name: match[1]!,
            value: match[2]!.trim(),
          })),
    );
    const stray = own.filter(
      (constant) => !Object.hasOwn(notDebounces, constant.name) && !Object.hasOwn(delays, constant.value),
    );
    expect(stray).toEqual([]);
    // Each reason names a constant that still exists.
    expect(
      Object.keys(notDebounces).filter((name) => !own.some((constant) => constant.name === name)),
    ).toEqual([]);
  });
});
