/**
 * Paths in the log are RFC 2396 URIs: relative to the table root, or absolute (`file:/…`, `file:///…`,
 * `s3://…`, or a bare absolute path `/…`). PROTOCOL.md "Add File and Remove File".
 */

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

export function isAbsolutePath(path: string): boolean {
  return SCHEME.test(path) || path.startsWith('/');
}

/**
 * A canonical form for comparing paths during reconciliation: absolute, still URI-encoded, with the
 * `file:` spellings (`file:/x`, `file:///x`, `/x`) made one. Canonical forms are only compared, never read.
 */
export function canonicalizePath(tableRootUrl: string, path: string): string {
  if (path.startsWith('file:')) {
    let rest = path.slice('file:'.length);
    if (rest.startsWith('///')) rest = rest.slice(2);
    else if (rest.startsWith('//localhost/')) rest = rest.slice('//localhost'.length);
    return `file://${rest}`;
  }
  if (SCHEME.test(path)) return path;
  if (path.startsWith('/')) return `file://${path}`;
  const root = tableRootUrl.endsWith('/') ? tableRootUrl : `${tableRootUrl}/`;
  return canonicalizePath('', root + path);
}

/**
 * Where a file named in the log lives: a key of the table's store (relative paths, and absolute ones that
 * point inside the table root), decoded once; or an absolute URI, left encoded (read it with fileURLToPath).
 */
export function resolveFileLocation(
  tableRootUrl: string,
  path: string,
): { readonly location: string; readonly isAbsolute: boolean } {
  if (!isAbsolutePath(path)) return { location: safeDecode(path), isAbsolute: false };
  const canonical = canonicalizePath(tableRootUrl, path);
  const root = canonicalizePath('', tableRootUrl.endsWith('/') ? tableRootUrl : `${tableRootUrl}/`);
  if (canonical.startsWith(root))
    return { location: safeDecode(canonical.slice(root.length)), isAbsolute: false };
  return { location: canonical, isAbsolute: true };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s; // a stray % that is not an escape: take the path as written
  }
}
