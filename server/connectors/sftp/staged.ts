import { randomBytes } from 'node:crypto';
import path from 'node:path/posix';
import type { SFTPWrapper } from 'ssh2';
import { HttpError } from '../../http/errors';
import type { CallParticipant } from '../types';
import type { Session } from './session';

/** A file a call wrote under a name of its own, and where it goes when the call commits. */
export interface StagedFile {
  /** The name it was written under, beside `path`. */
  staged: string;
  path: string;
  /** As the call gave it, for the answer's words. */
  given: string;
  /** Replace a file that is there by then; else the commit refuses it (409). */
  overwrite: boolean;
}

/** Runs work on the connection's session (SftpSessions.use). */
export type OnSession = <T>(work: (session: Session) => Promise<T>, repeatable: boolean) => Promise<T>;

/**
 * The name a file is written under until its call commits: hidden, beside the file it becomes (so the
 * rename stays on one file system and inside the connection's root), random, so calls never meet.
 */
export function stagedName(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.part`);
}

const rename = (sftp: SFTPWrapper, from: string, to: string) =>
  new Promise<void>((resolve, reject) =>
    sftp.rename(from, to, (error) => (error ? reject(error) : resolve())),
  );

/** posix-rename@openssh.com: replaces what is at `to` in one step, where the server offers it. */
const replace = (sftp: SFTPWrapper, from: string, to: string) =>
  new Promise<void>((resolve, reject) =>
    sftp.ext_openssh_rename(from, to, (error) => (error ? reject(error) : resolve())),
  );

const unlink = (sftp: SFTPWrapper, file: string) =>
  new Promise<void>((resolve) => sftp.unlink(file, () => resolve()));

export const exists = (sftp: SFTPWrapper, file: string) =>
  new Promise<boolean>((resolve) => sftp.stat(file, (error) => resolve(!error)));

/**
 * A call's files on one SFTP connection as a participant of its transaction (issue 30 points 4, 6;
 * server/runtime/callTransactions.ts): each WriteFile writes under a staged name, and only the commit
 * renames them to their paths, in the order they were written. A call that fails, times out or is a test
 * run removes them instead, so it leaves nothing on the server. SFTP has no way to prepare, so the files
 * move in the commit's second step, before the server's own transaction commits: a failure there undoes
 * everything not moved yet (a file moved before it stays, as a connection committed one by one does).
 */
export class StagedFiles implements CallParticipant {
  readonly canPrepare = false;
  private readonly files: StagedFile[] = [];

  constructor(
    private readonly connection: string,
    private readonly onSession: OnSession,
  ) {}

  add(file: StagedFile): void {
    this.files.push(file);
  }

  async commit(): Promise<void> {
    const files = this.files.splice(0);
    let moved = 0;
    try {
      await this.onSession(async ({ sftp }) => {
        for (const file of files) {
          if (!file.overwrite) {
            // SFTP's own rename refuses to replace a file (OpenSSH links, then unlinks): the exclusive
            // create the call asked for, decided now.
            if (await exists(sftp, file.path))
              throw new HttpError(409, 'runtime.external.fileExists', {
                connection: this.connection,
                path: file.given,
              });
            await rename(sftp, file.staged, file.path);
          } else
            await replace(sftp, file.staged, file.path).catch(async () => {
              // A server without posix-rename: the old file goes first (not in one step there).
              await unlink(sftp, file.path);
              await rename(sftp, file.staged, file.path);
            });
          moved += 1;
        }
      }, false);
    } catch (error) {
      this.files.push(...files.slice(moved));
      await this.rollback();
      throw error;
    }
  }

  /** Removes the files not moved; never throws (one it cannot remove stays, under its staged name). */
  async rollback(): Promise<void> {
    const files = this.files.splice(0);
    if (files.length === 0) return;
    await this.onSession(async ({ sftp }) => {
      for (const file of files) await unlink(sftp, file.staged);
    }, true).catch(() => {});
  }

  prepare(): Promise<string> {
    return Promise.reject(new Error('an SFTP server cannot prepare'));
  }

  finishPrepared(): Promise<void> {
    return Promise.reject(new Error('an SFTP server cannot prepare'));
  }
}
