import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { utils } from 'ssh2';
import { describe, expect, it } from 'vitest';
import { privateKeyText } from './privateKey';

// Issue 30 point 4: "Authentication by password or private key (a new secret setting PrivateKey)". The
// secret field is one line; a key pasted into it arrives without its line breaks.
describe('privateKeyText (issue 30 point 4: a private key pasted into a one-line secret field)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sftp-key-'));
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(dir, 'key')]);
  const key = readFileSync(path.join(dir, 'key'), 'utf8');
  rmSync(dir, { recursive: true, force: true });

  it.each([
    ['as ssh-keygen wrote it', key],
    ['its line breaks dropped, as a browser drops them', key.replace(/\n/g, '')],
    ['its line breaks turned into spaces', key.replace(/\n/g, ' ')],
    ['with Windows line ends', key.replace(/\n/g, '\r\n')],
  ])('parses a key %s', (_how, typed) => {
    expect(utils.parseKey(privateKeyText(typed))).not.toBeInstanceOf(Error);
  });

  it.each([
    ['no key at all', 'hunter2'],
    [
      'a PEM key with headers',
      '-----BEGIN RSA PRIVATE KEY-----Proc-Type: 4,ENCRYPTED abc-----END RSA PRIVATE KEY-----',
    ],
  ])('leaves %s as typed', (_what, typed) => {
    expect(privateKeyText(typed)).toBe(typed);
  });
});
