/**
 * `npm run export -- --out DIR [--kinds role,flow,...] [--server URL]` (issue 31 point 3): every definition
 * as one JSON file per item under DIR/<kind>/<name>.json. Without --server it reads the server's database
 * (DATABASE_URL, else the embedded one in DATA_DIR); with it, the running server's
 * Promote/ExportDefinitions as an administrator (UISERVICES_TOKEN, or ADMIN_EMAIL, ADMIN_PASSWORD and
 * ADMIN_TOTP_SECRET). Secrets and API tokens are never written.
 */

import type { components } from '../generated/uiservices';
import { parseKinds } from '../server/areas/promote';
import { exportDefinitions } from '../server/promote/exportDefinitions';
import { definitionFiles } from '../src/domain/promote/definitionFiles';
import {
  callServer,
  openServerDatabase,
  parseArguments,
  serverToken,
  writeFolder,
} from './lib/definitionsFolder';

async function main() {
  const args = parseArguments(process.argv.slice(2), []);
  const out = args.option('out');
  if (!out) throw new Error('usage: npm run export -- --out DIR [--kinds kind,...] [--server URL]');
  const kinds = parseKinds(args.option('kinds'));
  const server = args.option('server');
  let files: components['schemas']['DefinitionFile'][];
  if (server) {
    const token = await serverToken(server);
    const query = args.option('kinds') ? `?Kinds=${encodeURIComponent(kinds.join(','))}` : '';
    files = (
      await callServer<{ Files: typeof files }>(server, token, 'GET', `Promote/ExportDefinitions${query}`)
    ).Files;
  } else {
    const db = await openServerDatabase();
    try {
      files = definitionFiles(await exportDefinitions(db, kinds));
    } finally {
      await db.close();
    }
  }
  writeFolder(out, files, kinds);
  const perKind = new Map<string, number>();
  for (const file of files) {
    const kind = file.Path.split('/')[0]!;
    perKind.set(kind, (perKind.get(kind) ?? 0) + 1);
  }
  console.log(
    `Exported ${files.length} definitions to ${out}: ${[...perKind].map(([kind, count]) => `${kind} ${count}`).join(', ')}`,
  );
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
