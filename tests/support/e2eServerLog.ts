import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { demoAdmin } from '../../server/config';

/** Where every server the end-to-end suite starts writes its log, at debug (tests/support/browser.ts). */
export const e2eServerLog = path.resolve('test-results/e2e-server.log');

/**
 * Passwords the suite types: the demo administrator's, and every other one follows one shape
 * ('Limited!2345', 'Reset!2346', 'Profile!2344', …).
 */
const PASSWORD = /\b[A-Z][a-z]+!23\d\d\b/;

/**
 * What must never be in a server log (issue 29 point 7): a live token in an address (`token=eyJ…`, a
 * client module's link), any signed token, a reset or confirmation key in an address, a password.
 */
export function secretsIn(log: string): string[] {
  const found = new Set<string>();
  const patterns: Array<[string, RegExp]> = [
    ['a token in an address', /token=eyJ/i],
    ['a signed token', /eyJ[\w-]{10,}\.[\w-]{10,}/],
    ['a key in an address', /[?&]key=(?!\[redacted\])[^&\s"]+/i],
    ['the demo password', new RegExp(demoAdmin.password.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
    ['a password of the suite', PASSWORD],
  ];
  for (const line of log.split('\n'))
    for (const [what, pattern] of patterns)
      if (pattern.test(line)) found.add(`${what}: ${line.slice(0, 300)}`);
  return [...found];
}

/**
 * Global setup of the e2e suite: starts an empty log, and when the suite ends fails the run if any line
 * holds a secret. The log stays in test-results/ to be read.
 */
export default function setup() {
  mkdirSync(path.dirname(e2eServerLog), { recursive: true });
  rmSync(e2eServerLog, { force: true });
  return () => {
    if (!existsSync(e2eServerLog))
      throw new Error(`no server log at ${e2eServerLog}: the scan would prove nothing`);
    const log = readFileSync(e2eServerLog, 'utf8');
    const lines = log.split('\n').filter(Boolean).length;
    const found = secretsIn(log);
    if (found.length > 0)
      throw new Error(`the server log of the e2e run holds secrets (issue 29 point 7):\n${found.join('\n')}`);
    console.log(`e2e server log: ${lines} lines scanned for tokens, keys and passwords; none found`);
  };
}
