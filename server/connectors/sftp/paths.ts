/** Longest path a flow may give (a remote's PATH_MAX is commonly 4096; no exchange folder needs more). */
export const MAX_PATH_LENGTH = 1024;

export type RemotePath = { ok: true; path: string } | { ok: false; reason: 'invalid' | 'outside' };

// NUL ends a path in the SFTP server's C code; other control characters are no file name a flow means.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const CONTROL = /[\u0000-\u001f\u007f]/;

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '' && segment !== '.');

/**
 * Where a path a flow gives lands on the server (issue 30 point 4). With a root folder (the connection's
 * Root setting) the path is read inside it, whether it starts with / or not, and one that climbs out of
 * it with `..` is refused: a flow's caller may choose file names, not the server's other folders. The
 * check is on the text of the path: a link inside the root that points out of it is the server's own
 * arrangement and is followed. Without a root the path is used as given (relative to the login's home),
 * only normalised.
 */
export function remotePath(root: string, given: string): RemotePath {
  if (given.length > MAX_PATH_LENGTH || CONTROL.test(given) || CONTROL.test(root))
    return { ok: false, reason: 'invalid' };
  const top = root.trim();
  if (top === '') {
    const absolute = given.startsWith('/');
    const kept: string[] = [];
    for (const segment of segmentsOf(given)) {
      if (segment === '..' && kept.length > 0 && kept[kept.length - 1] !== '..') kept.pop();
      else if (segment !== '..' || !absolute) kept.push(segment);
    }
    const joined = kept.join('/');
    return { ok: true, path: absolute ? `/${joined}` : joined || '.' };
  }
  const inside: string[] = [];
  for (const segment of segmentsOf(given)) {
    if (segment !== '..') inside.push(segment);
    else if (inside.pop() === undefined) return { ok: false, reason: 'outside' };
  }
  const base = top.length > 1 ? top.replace(/\/+$/, '') : top;
  if (inside.length === 0) return { ok: true, path: base };
  return { ok: true, path: base === '/' ? `/${inside.join('/')}` : `${base}/${inside.join('/')}` };
}
