import { promisify } from 'node:util';
import type { SFTPWrapper } from 'ssh2';
import type { FlowField } from '../../../src/domain/flow/types';
import type { Db } from '../../db/database';
import { HttpError } from '../../http/errors';
import { operationGuid } from '../operationGuid';
import { RemoteFailure } from '../remoteFailure';
import type { ConnectorOperation, FlowConnection, OperationContext, Settings } from '../types';
import { type FileFormat, fileFormat, readContent, writeContent } from './fileFormats';
import { pinnedFor, pinOf, targetOf } from './hostKeys';
import { MAX_PATH_LENGTH, remotePath } from './paths';
import { type Session, sftpFailure } from './session';
import { sftpSessionsOf } from './sessions';
import { exists, type OnSession, StagedFiles, stagedName } from './staged';

const PATH: FlowField = { Name: 'path', Type: 'String', Validation: { MaxLength: MAX_PATH_LENGTH } };
const REQUIRED_PATH: FlowField = { ...PATH, Validation: { ...PATH.Validation, IsRequired: true } };
const FORMAT: FlowField = {
  Name: 'format',
  Type: 'String',
  Description: 'text (the default), csv (a header row, one object per row) or json',
  Validation: { MaxLength: 4 },
};

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
/** A time of the server's clock as a DateTime value (spec part 2 §3 'Field types': UTC, no zone). */
const dateTime = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/** The path a call gives, inside the connection's root folder (400 otherwise, before anything is sent). */
function pathOf(settings: Settings, input: Readonly<Record<string, unknown>>, connection: string) {
  const given = text(input.path);
  const resolved = remotePath(text(settings.Root), given);
  if (!resolved.ok)
    throw resolved.reason === 'outside'
      ? new HttpError(400, 'runtime.external.pathOutside', { path: given, connection })
      : new HttpError(400, 'runtime.external.badPath');
  return { given, path: resolved.path };
}

function formatOf(input: Readonly<Record<string, unknown>>): FileFormat {
  const format = fileFormat(input.format);
  if (!format) throw new HttpError(400, 'runtime.external.badFormat');
  return format;
}

/** What an operation needs to reach the server: the connection's settings opened, inside the connector. */
export type OpenSettings = (context: OperationContext) => Settings;

/**
 * Runs `work` on the connection's SSH session (sftpSessionsOf: kept open between calls). A new one is
 * opened with the settings opened only then and the host key checked against the pin Test Connection
 * took for this host and port (none: refused before connecting, as nothing would vouch for the server the
 * password or key signature would go to); the flow settings' statement limit holds for the work.
 */
async function session<T>(
  db: Db,
  connection: FlowConnection,
  open: OpenSettings,
  context: OperationContext,
  path: string,
  repeatable: boolean,
  work: (session: Session) => Promise<T>,
): Promise<T> {
  try {
    return await sftpSessionsOf(db).use(
      connection,
      async () => {
        const settings = open(context);
        const pinned = pinnedFor(await pinOf(db, connection.guid), targetOf(settings));
        if (!pinned)
          throw new RemoteFailure(
            502,
            'runtime.external.hostKeyUnpinned',
            connection.name,
            Object.assign(new Error('sftp: no pinned host key'), { code: 'ENOPIN' }),
          );
        return { settings, pinned };
      },
      { limitMs: context.config.statementTimeoutMs, repeatable },
      work,
    );
  } catch (error) {
    throw sftpFailure(error, connection.name, path);
  }
}

const statOf = (sftp: SFTPWrapper, path: string) => promisify(sftp.stat.bind(sftp))(path);
// On the session's SFTP channel itself: the client library's own calls juggle listeners on the shared
// session for each one, and calls share it.
const readdirOf = (sftp: SFTPWrapper, path: string) => promisify(sftp.readdir.bind(sftp))(path);
const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;

const CHUNK = 64 * 1024;

/**
 * The file's bytes, or undefined when it holds more than `cap` (read no further than that). Read chunk by
 * chunk on a handle of its own rather than a stream, whose late close would outlive the session.
 */
async function readCapped(sftp: SFTPWrapper, path: string, cap: number): Promise<Buffer | undefined> {
  const stats = await statOf(sftp, path);
  if (stats.size > cap) return undefined;
  const handle = await new Promise<Buffer>((resolve, reject) =>
    sftp.open(path, 'r', (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const read = (buffer: Buffer, position: number) =>
    new Promise<number>((resolve, reject) =>
      sftp.read(handle, buffer, 0, buffer.length, position, (error, bytes) =>
        error ? reject(error) : resolve(bytes),
      ),
    );
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for (;;) {
      const buffer = Buffer.alloc(CHUNK);
      const bytes = await read(buffer, size);
      if (bytes === 0) break;
      size += bytes;
      if (size > cap) return undefined;
      chunks.push(buffer.subarray(0, bytes));
    }
  } finally {
    await new Promise<void>((resolve) => sftp.close(handle, () => resolve()));
  }
  return Buffer.concat(chunks);
}

const writeFile = (sftp: SFTPWrapper, path: string, data: Buffer) =>
  new Promise<void>((resolve, reject) =>
    sftp.writeFile(path, data, (error) => (error ? reject(error) : resolve())),
  );

/**
 * The operations each SFTP connection offers to the EXTERNAL block (issue 30 point 4; spec part 2 §3
 * 'Other': an external connector method with input and output fields), each under a guid stable for the
 * connection and the operation's name.
 */
export function sftpOperations(connection: FlowConnection, db: Db, open: OpenSettings): ConnectorOperation[] {
  const guid = (name: string) => operationGuid(connection.guid, name);
  const listFolder: ConnectorOperation = {
    Guid: guid('ListFolder'),
    Name: 'ListFolder',
    Input: [{ ...PATH, Description: 'The folder; empty for the root folder' }],
    Output: [
      { Name: 'entries', Type: 'Array' },
      { Name: 'entries.entry', Type: 'Object' },
      { Name: 'entries.entry.name', Type: 'String' },
      { Name: 'entries.entry.size', Type: 'Longnumber' },
      { Name: 'entries.entry.modified', Type: 'DateTime' },
      { Name: 'entries.entry.isFolder', Type: 'Boolean' },
      { Name: 'count', Type: 'Number' },
    ],
    writes: false,
    async call(input, context) {
      const { given, path } = pathOf(connection.settings, input, connection.name);
      return session(db, connection, open, context, given, true, async ({ sftp }) => {
        const listed = await readdirOf(sftp, path);
        const entries = listed
          .filter((entry) => entry.filename !== '.' && entry.filename !== '..')
          .sort((a, b) => (a.filename < b.filename ? -1 : a.filename > b.filename ? 1 : 0))
          .map((entry) => ({
            name: entry.filename,
            size: entry.attrs.size,
            modified: dateTime(entry.attrs.mtime * 1000),
            isFolder: (entry.attrs.mode & S_IFMT) === S_IFDIR,
          }));
        return { entries, count: entries.length };
      });
    },
  };

  const readFile: ConnectorOperation = {
    Guid: guid('ReadFile'),
    Name: 'ReadFile',
    Input: [REQUIRED_PATH, FORMAT],
    Output: [
      { Name: 'text', Type: 'Text' },
      { Name: 'rows', Type: 'Array', Description: 'csv: one object per row; json: the document if an array' },
      { Name: 'data', Type: 'Object', Description: 'json: the document; csv: the rows' },
      { Name: 'size', Type: 'Longnumber' },
    ],
    writes: false,
    async call(input, context) {
      const { given, path } = pathOf(connection.settings, input, connection.name);
      const format = formatOf(input);
      const cap = context.config.fileReadCapBytes;
      const bytes = await session(db, connection, open, context, given, true, ({ sftp }) =>
        readCapped(sftp, path, cap),
      );
      const params = { connection: connection.name, path: given };
      if (!bytes) throw new HttpError(422, 'runtime.external.fileTooLarge', { ...params, limit: cap });
      const content = readContent(bytes, format);
      if (!content.ok)
        throw new HttpError(502, 'runtime.external.badContent', { ...params, format: format.toUpperCase() });
      return { text: content.text, rows: content.rows, data: content.data, size: bytes.length };
    },
  };

  const writeFileOperation: ConnectorOperation = {
    Guid: guid('WriteFile'),
    Name: 'WriteFile',
    Input: [
      REQUIRED_PATH,
      FORMAT,
      { Name: 'text', Type: 'Text', Description: 'text: what the file holds' },
      { Name: 'rows', Type: 'Array', Description: 'csv or json: the array the file holds' },
      { Name: 'overwrite', Type: 'Boolean', Description: 'Replace a file that is there; else refuse' },
    ],
    Output: [
      { Name: 'path', Type: 'String' },
      { Name: 'size', Type: 'Longnumber' },
    ],
    // Written under a staged name and renamed when the call commits (StagedFiles): one transaction with
    // the flow's other writes, so a failing call or a test run leaves no file.
    writes: true,
    async call(input, context) {
      const { given, path } = pathOf(connection.settings, input, connection.name);
      const format = formatOf(input);
      const content = writeContent(format === 'text' ? text(input.text) : input.rows, format);
      if (content === undefined)
        throw new HttpError(400, 'runtime.external.badRows', { format: format.toUpperCase() });
      const data = Buffer.from(content, 'utf8');
      const overwrite = input.overwrite === true || input.overwrite === 'true';
      const onSession: OnSession = (work, repeatable) =>
        session(db, connection, open, context, given, repeatable, work);
      const staged = stagedName(path);
      // A name of its own, so writing it twice (a kept session ended under the first try) is harmless.
      await onSession(async ({ sftp }) => {
        if (!overwrite && (await exists(sftp, path)))
          throw new HttpError(409, 'runtime.external.fileExists', {
            connection: connection.name,
            path: given,
          });
        await writeFile(sftp, staged, data);
      }, true);
      const file = { staged, path, given, overwrite };
      const remote = context.state.remote;
      if (remote)
        remote
          .join(connection.guid, connection.name, () => new StagedFiles(connection.name, onSession))
          .add(file);
      else {
        // Outside a transaction (none of today's callers: a writing operation makes its plan run in one).
        const alone = new StagedFiles(connection.name, onSession);
        alone.add(file);
        await alone.commit();
      }
      return { path: given, size: data.length };
    },
  };

  return [listFolder, readFile, writeFileOperation];
}
