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
