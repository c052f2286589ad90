import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { components } from '../../generated/uiservices';
import { totpCode } from '../../server/auth/totp';
import { configFromEnv } from '../../server/config';
import { type Db, openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import type { DefinitionFile } from '../../src/domain/promote/definitionFiles';

type ImportPreview = components['schemas']['ImportPreview'];

/** The command line's options: `--name value`, `--flag`, and the rest as positional arguments. */
export function parseArguments(argv: readonly string[], flags: readonly string[]) {
  const options = new Map<string, string[]>();
  const positional: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (!argument.startsWith('--')) {
      positional.push(argument);
      continue;
    }
    const [name, inline] = argument.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const value = flags.includes(name) ? 'true' : (inline ?? argv[++index]);
    if (value === undefined) throw new Error(`--${name} needs a value`);
    options.set(name, [...(options.get(name) ?? []), value]);
  }
  return {
    option: (name: string) => options.get(name)?.at(-1),
    all: (name: string) => options.get(name) ?? [],
    positional,
  };
}

/** Every file under `folder`, with its path relative to it in forward slashes. */
export function readFolder(folder: string): DefinitionFile[] {
  const files: DefinitionFile[] = [];
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory).sort()) {
      if (entry.startsWith('.')) continue;
      const full = path.join(directory, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (entry.endsWith('.json'))
        files.push({
          Path: path.relative(folder, full).split(path.sep).join('/'),
          Content: readFileSync(full, 'utf8'),
        });
    }
  };
  walk(folder);
  return files;
}

/**
 * Writes an export into `folder`: the exported kinds' folders are emptied first, so an item deleted on the
 * server disappears from the folder too and git shows it as a deleted file.
 */
export function writeFolder(folder: string, files: readonly DefinitionFile[], kinds: readonly string[]) {
  for (const kind of kinds) rmSync(path.join(folder, kind), { recursive: true, force: true });
  for (const file of files) {
    const target = path.join(folder, ...file.Path.split('/'));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.Content);
  }
}

/** The database the server uses: DATABASE_URL, else the embedded PGlite in DATA_DIR (./data). */
export async function openServerDatabase(): Promise<Db> {
  const config = configFromEnv();
  const db = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await db.exclusively(() => migrate(db));
  return db;
}

/**
 * A bearer token for `--server`: UISERVICES_TOKEN as given, else a sign-in of ADMIN_EMAIL with
 * ADMIN_PASSWORD and a code from ADMIN_TOTP_SECRET (the calls are for administrators).
 */
export async function serverToken(server: string): Promise<string> {
  if (process.env.UISERVICES_TOKEN) return process.env.UISERVICES_TOKEN;
  const { admin } = configFromEnv();
  const first = await callServer<{ Token: string }>(server, '', 'POST', 'Users/Authenticate', {
    Email: admin.email,
    Password: admin.password,
  });
  const secondStep = async () =>
    (
      await callServer<{ Token: string }>(server, first.Token, 'POST', 'Users/Authenticate2FA', {
        TwoFA: await totpCode(admin.totpSecret),
      })
    ).Token;
  try {
    return await secondStep();
  } catch {
    // A code is accepted once: a second command within the same 30 seconds waits for the next code.
    const wait = 30 - ((Date.now() / 1000) % 30) + 1;
    console.error(`waiting ${Math.ceil(wait)} s for the next two-factor code`);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    return secondStep();
  }
}

/** One UIServices call to a running server; a refusal throws with the server's message and errors. */
export async function callServer<T>(
  server: string,
  token: string,
  method: 'GET' | 'POST',
  call: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(new URL(`/api/UIServices/${call}`, server), {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await response.json().catch(() => ({}))) as T & {
    Message?: string;
    Errors?: ImportPreview['Errors'];
  };
  if (!response.ok) {
    const details = (answer.Errors ?? []).map((error) => `\n  ${error.Path}: ${error.Message}`).join('');
    throw new Error(`${call} answered ${response.status}: ${answer.Message ?? ''}${details}`);
  }
  return answer;
}

const show = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));

/** The preview as the import command prints it: one line per item, its changes indented below. */
export function describePreview(preview: ImportPreview, dryRun: boolean): string {
  const lines: string[] = [];
  const counts = { new: 0, changed: 0, unchanged: 0 };
  for (const item of preview.Items) {
    counts[item.Status]++;
    lines.push(`${item.Status.padEnd(10)} ${item.Path}`);
    // A new item's changes are all of it: the path says enough.
    const changes = item.Status === 'changed' ? item.Changes : [];
    for (const change of changes.slice(0, 20)) {
      const detail =
        change.change === 'changed'
          ? `${show(change.before)} → ${show(change.after)}`
          : change.change === 'added'
            ? `added ${show(change.after)}`
            : 'removed';
      lines.push(
        `             ${change.path}: ${detail.length > 160 ? `${detail.slice(0, 157)}...` : detail}`,
      );
    }
    if (changes.length > 20) lines.push(`             ... ${changes.length - 20} more changes`);
  }
  for (const error of preview.Errors) lines.push(`refused    ${error.Path}: ${error.Message}`);
  for (const entry of preview.Impact?.Entries ?? [])
    lines.push(`breaks     ${entry.Kind} ${entry.Name}: ${entry.Message}`);
  const summary = `${counts.new} new, ${counts.changed} changed, ${counts.unchanged} unchanged`;
  if (preview.Applied) lines.push(`Imported: ${summary}.`);
  else if (preview.Errors.length > 0) lines.push(`Refused: nothing was written (${summary}).`);
  else if (dryRun) lines.push(`Dry run: nothing was written (${summary}).`);
  return lines.join('\n');
}
