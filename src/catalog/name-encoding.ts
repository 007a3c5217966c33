/**
 * Database and table names become file names twice: the catalog's own JSON entries and, for managed tables,
 * the data folders. A backquoted name may hold any character (`` `a/b` ``, `` `..` ``, `` `100%` ``), so
 * neither may use the name raw.
 */
import { createHash } from 'node:crypto';

/** Longest encoded name kept whole; the local store's temp files add `.`, 17 characters and `.tmp`. */
const MAX_ENCODED = 180;

/**
 * The file name of a catalog entry: `[a-z0-9_-]` kept, every other UTF-16 code point written as its UTF-8
 * bytes `%XX`. The mapping is injective (`%` itself is encoded), survives case-insensitive and
 * Unicode-normalising filesystems (the output is ASCII lower-case plus hex), and never yields `.`, `..`,
 * a leading dot or a `/`. Names too long for one path segment keep a prefix and a SHA-256 suffix after `~`,
 * a character the plain encoding never produces; the entry itself stores the real name.
 */
export function encodeEntryName(name: string): string {
  let out = '';
  for (const ch of name) {
    if (/^[a-z0-9_-]$/.test(ch)) out += ch;
    else
      for (const byte of Buffer.from(ch, 'utf8'))
        out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  if (out === '') out = '%'; // the empty name (a legal backquoted identifier) still needs a file name
  if (out.length <= MAX_ENCODED) return out;
  const digest = createHash('sha256').update(name, 'utf8').digest('hex');
  return `${out.slice(0, 100)}~${digest}`;
}

/** Characters a folder name cannot carry on common filesystems, or that would change the path's meaning. */
function unsafeInFolder(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  return code < 0x20 || code === 0x7f || '/\\%:*?"<>|'.includes(ch);
}

/**
 * The data folder of a managed table or the `<name>.db` folder of a database. Spark uses the name as is
 * (`<warehouse>/my_table`), and so do we for every name Spark could write safely; characters that would
 * break the path (`/`, `\`, `%`, control and Windows-reserved characters) are percent-encoded, and a name
 * that is only dots or starts with one (hidden, or `..`) gets its first dot encoded.
 */
export function folderName(name: string): string {
  let out = '';
  for (const ch of name) out += unsafeInFolder(ch) ? percentEncode(ch) : ch;
  if (out.startsWith('.')) out = `%2E${out.slice(1)}`;
  // A default-database table lives at `<warehouse>/<name>`, beside the catalog's own folder (warehouse-layout.ts).
  if (out === '_lakesql_catalog') out = '%5Flakesql_catalog';
  if (out === '') out = '%';
  if (Buffer.byteLength(out, 'utf8') <= MAX_ENCODED) return out;
  const digest = createHash('sha256').update(name, 'utf8').digest('hex').slice(0, 16);
  return `${out.slice(0, 100)}~${digest}`;
}

/** The UTF-8 bytes of one character as `%XX`, upper-case hex. */
function percentEncode(ch: string): string {
  return [...Buffer.from(ch, 'utf8')]
    .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('');
}

/**
 * The data folder of a managed table: folderName, with the dot of a final `.db` encoded. A default-database
 * table lives in the warehouse root beside the databases' `<name>.db` folders, so a table named `x.db`
 * would otherwise share database `x`'s folder, and dropping either would delete the other's data (issue
 * 13). `%` is always encoded, so `x%2Edb` stays the folder of `x.db` alone.
 */
export function tableFolderName(name: string): string {
  const folder = folderName(name);
  return folder.toLowerCase().endsWith('.db') ? `${folder.slice(0, -3)}%2E${folder.slice(-2)}` : folder;
}
