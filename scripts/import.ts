/**
 * `npm run import -- DIR [--dry-run] [--leave-inactive] [--secret CONNECTION.FIELD=VALUE]... [--server URL]`
 * (issue 31 point 4): imports an export folder, printing each item as new, changed (with its field-level
 * diff) or unchanged. Everything is written in one transaction, or nothing when anything is refused (a
 * missing secret, the impact check, a name taken). A secret's VALUE may be `@NAME` to read it from the
 * environment variable NAME, so it stays out of the shell's history. The database or server is chosen as
 * for `npm run export`.
 */
import type { components } from '../generated/uiservices';
import { loadKeys } from '../server/auth/keys';
import { HttpError } from '../server/http/errors';
import { importDefinitions } from '../server/promote/importDefinitions';
import {
  callServer,
  describePreview,
  openServerDatabase,
  parseArguments,
  readFolder,
  serverToken,
} from './lib/definitionsFolder';

type DefinitionImport = components['schemas']['DefinitionImport'];

function secretsOf(given: readonly string[]): NonNullable<DefinitionImport['Secrets']> {
  return given.map((entry) => {
    const match = /^(.+)\.([^.=]+)=(.*)$/s.exec(entry);
    if (!match) throw new Error(`--secret ${entry.split('=')[0]}: expected CONNECTION.FIELD=VALUE`);
    const [, connection, field, value] = match as unknown as [string, string, string, string];
    const resolved = value.startsWith('@') ? process.env[value.slice(1)] : value;
    if (resolved === undefined)
      throw new Error(`--secret ${connection}.${field}: ${value.slice(1)} is not set`);
    return { Connection: connection, Field: field, Value: resolved };
  });
}

async function main() {
  const args = parseArguments(process.argv.slice(2), ['dry-run', 'leave-inactive']);
  const folder = args.positional[0];
  if (!folder)
    throw new Error(
      'usage: npm run import -- DIR [--dry-run] [--leave-inactive] [--secret CONNECTION.FIELD=VALUE] [--server URL]',
    );
  const request: DefinitionImport = {
    Files: readFolder(folder),
    DryRun: args.option('dry-run') === 'true',
    LeaveInactive: args.option('leave-inactive') === 'true',
    Secrets: secretsOf(args.all('secret')),
  };
  const server = args.option('server');
  let preview: components['schemas']['ImportPreview'];
  if (server) {
    preview = await callServer(
      server,
      await serverToken(server),
      'POST',
      'Promote/ImportDefinitions',
      request,
    );
  } else {
    const db = await openServerDatabase();
    try {
      const keys = await loadKeys(db);
      preview = await importDefinitions(
        db,
        keys,
        {
          files: request.Files,
          dryRun: request.DryRun === true,
          leaveInactive: request.LeaveInactive,
          secrets: request.Secrets,
        },
        {
          by: process.env.IMPORTED_BY ?? `${process.env.USER ?? 'someone'} (npm run import)`,
          now: Date.now() / 1000,
        },
      );
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const details = (error.extra.Errors ?? []).map(
        (entry) => `\nrefused    ${entry.path}: ${entry.message}`,
      );
      const impact = (error.extra.Impact?.Entries ?? []).map(
        (entry) => `\nbreaks     ${entry.Kind} ${entry.Name}: ${entry.Message}`,
      );
      throw new Error(`${error.message}${details.join('')}${impact.join('')}`);
    } finally {
      await db.close();
    }
  }
  console.log(describePreview(preview, request.DryRun === true));
  if (preview.Errors.length > 0) process.exit(1);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
