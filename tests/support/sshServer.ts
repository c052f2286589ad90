import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

const SSHD = '/usr/sbin/sshd';

/** A port nothing listens on right now: bound, then released. */
async function freePort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const keygen = (file: string) =>
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'throwaway', '-f', file]);

/** A host key's fingerprint as `ssh-keygen -l` prints it (SHA256:…), to compare with what a pin holds. */
const fingerprintOf = (publicKey: string) =>
  execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', publicKey]).toString().split(' ')[1]!;

export interface SshServer {
  host: '127.0.0.1';
  port: number;
  /** The login the client key (and the password, where there is one) signs in as. */
  user: string;
  /** The client's private key (OpenSSH form), authorized for `user`. */
  clientKey: string;
  /**
   * The password of `user`, when the server could be given a throwaway system user with one (as root,
   * see below); undefined otherwise, and the password path goes untested against sshd.
   */
  password: string | undefined;
  /** A folder the login may write, for the connection's Root: the test reads and writes files here. */
  files: string;
  /** The host key the server shows now (SHA256:…). */
  fingerprint(): string;
  /** Stops sshd (a server that is down). */
  stop(): Promise<void>;
  /** Starts it again on the same port, with a new host key when asked (a server whose key changed). */
  start(options?: { newHostKey?: boolean }): Promise<void>;
  /** What sshd wrote to stderr (its log), for a failing test to show. */
  log(): string;
  close(): Promise<void>;
}

/**
 * Debian's sshd (openssh-server) on 127.0.0.1 and a free port, for the SFTP tests (issue 30 point 4):
 * a throwaway host key and client key (ssh-keygen) and a config in a temp dir, `internal-sftp`, no PAM.
 *
 * Run by a user other than root, sshd runs as that user and only that user can sign in, with the key
 * (with PAM: see UsePAM below).
 * Run by root, sshd insists on its privilege separation directory /run/sshd; rather than creating it on
 * the machine, sshd starts in a mount namespace of its own (`unshare -m`) with a private /run, and there
 * /etc/passwd and /etc/shadow are copies with a throwaway user `flowsftp` (uid 0, a random password)
 * added, so the password path is tested too. Nothing outside the temp dir changes.
 */
export async function startSshServer(): Promise<SshServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'uiservices-sshd-'));
  const files = path.join(dir, 'files');
  mkdirSync(files);
  chmodSync(dir, 0o755);
  chmodSync(files, 0o777);
  const hostKey = path.join(dir, 'host_key');
  const clientKey = path.join(dir, 'client_key');
  keygen(hostKey);
  keygen(clientKey);
  writeFileSync(path.join(dir, 'authorized_keys'), readFileSync(`${clientKey}.pub`));
  const root = process.getuid?.() === 0;
  const user = root ? 'flowsftp' : userInfo().username;
  const password = root ? randomBytes(12).toString('base64url') : undefined;
  const port = await freePort();
  writeFileSync(
    path.join(dir, 'sshd_config'),
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKey}`,
      `PidFile ${path.join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${path.join(dir, 'authorized_keys')}`,
      'StrictModes no',
      // Without PAM sshd refuses an account whose password is locked (`!`, as useradd leaves a CI user)
      // or whose shadow entry it cannot read (not root), even for a key; PAM's account check lets it be.
      // As root the throwaway user's shadow entry is right there, and PAM would want the real files.
      `UsePAM ${root ? 'no' : 'yes'}`,
      `PasswordAuthentication ${password ? 'yes' : 'no'}`,
      'KbdInteractiveAuthentication no',
      // The throwaway user has uid 0, which sshd treats as root.
      `PermitRootLogin ${password ? 'yes' : 'no'}`,
      `AllowUsers ${user}`,
      'Subsystem sftp internal-sftp',
      'ForceCommand internal-sftp',
      'AllowTcpForwarding no',
      'X11Forwarding no',
      'LogLevel VERBOSE',
      '',
    ].join('\n'),
  );
  let command = [SSHD, '-D', '-e', '-f', path.join(dir, 'sshd_config')];
  if (root) {
    const hash = execFileSync('openssl', ['passwd', '-6', '-stdin'], { input: password }).toString().trim();
    writeFileSync(
      path.join(dir, 'passwd'),
      `${readFileSync('/etc/passwd', 'utf8')}${user}:x:0:0:throwaway:${files}:/bin/sh\n`,
    );
    writeFileSync(
      path.join(dir, 'shadow'),
      `${readFileSync('/etc/shadow', 'utf8')}${user}:${hash}:19000:0:99999:7:::\n`,
      { mode: 0o600 },
    );
    const script = [
      'mount -t tmpfs tmpfs /run',
      'mkdir -m 755 /run/sshd',
      `mount --bind ${dir}/passwd /etc/passwd`,
      `mount --bind ${dir}/shadow /etc/shadow`,
      `exec ${command.join(' ')}`,
    ].join(' && ');
    command = ['unshare', '-m', '--propagation', 'private', 'sh', '-c', script];
  }

  let child: ChildProcess | undefined;
  let output = '';
  const start = async (options: { newHostKey?: boolean } = {}) => {
    if (options.newHostKey) {
      rmSync(hostKey);
      rmSync(`${hostKey}.pub`);
      keygen(hostKey);
    }
    if (child) throw new Error('sshd is running already');
    const started = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'ignore', 'pipe'] });
    child = started;
    started.once('exit', () => {
      if (child === started) child = undefined;
    });
    let mine = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        mine += chunk.toString();
        if (mine.includes(`listening on 127.0.0.1 port ${port}`)) resolve();
      };
      started.stderr!.on('data', onData);
      started.once('exit', (code) => reject(new Error(`sshd exited (${code}):\n${mine}`)));
      started.once('error', reject);
    });
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    // Its sessions too, as a server that stops ends them (sshd leaves each one's process running on its
    // own otherwise, and a client that keeps its session open would never notice).
    for (const pid of descendantsOf(running.pid!)) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // Gone already.
      }
    }
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    host: '127.0.0.1',
    port,
    user,
    clientKey: readFileSync(clientKey, 'utf8'),
    password,
    files,
    fingerprint: () => fingerprintOf(`${hostKey}.pub`),
    stop,
    start,
    log: () => output,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The processes under `pid`, from /proc. */
function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const next = [pid];
  while (next.length > 0)
    for (const child of children.get(next.pop()!) ?? []) {
      found.push(child);
      next.push(child);
    }
  return found;
}
