/**
 * The `encoding`/`charset` option of the CSV and JSON readers: a file's bytes decoded the way Java's
 * charsets decode them (Spark reads with `new String(bytes, charset)` / an InputStreamReader, which replace
 * malformed input with U+FFFD).
 *
 * Names resolve as `Charset.forName` resolves them (case-insensitive, Java's aliases: `UTF8`, `latin1`,
 * `cp1252`, …). CSV goes through Spark 4's CharsetProvider.forName (caller `CSVOptions`): unless
 * `spark.sql.legacy.javaCharsets` is true only us-ascii, iso-8859-1, utf-8, utf-16be, utf-16le, utf-16 and
 * utf-32 (exactly those spellings, any case) are accepted, and every refused or unknown name fails with
 * INVALID_PARAMETER_VALUE.CHARSET. JSON calls `Charset.forName` directly, so it takes any charset Java knows.
 *
 * Java semantics kept where Node's decoders differ: `UTF-16`/`UTF-32` read a byte-order mark and default
 * to big-endian without one (iconv-lite would guess); ISO-8859-1 maps every byte to the same code point
 * (WHATWG's TextDecoder treats it as windows-1252); US-ASCII turns bytes above 0x7F into U+FFFD.
 * Other charsets (windows-125x, ISO-8859-x, KOI8-R, Shift_JIS, GBK, Big5, EUC-*, …) decode with iconv-lite.
 */
import iconv from 'iconv-lite';
import { LakesqlError } from '../errors/index.js';
import type { DataSourceOptions } from './data-source-options.js';

/** Spark 4's CharsetProvider.VALID_CHARSETS, as its error message lists them. */
const SPARK_VALID_CHARSETS = ['iso-8859-1', 'us-ascii', 'utf-16', 'utf-16be', 'utf-16le', 'utf-32', 'utf-8'];

type Builtin =
  | 'UTF-8'
  | 'UTF-16'
  | 'UTF-16BE'
  | 'UTF-16LE'
  | 'UTF-32'
  | 'UTF-32BE'
  | 'UTF-32LE'
  | 'ISO-8859-1'
  | 'US-ASCII';

/** Java's canonical names and aliases (java.nio.charset.StandardCharsets and sun.nio.cs) for the builtins. */
const JAVA_ALIASES: Readonly<Record<Builtin, readonly string[]>> = {
  'UTF-8': ['utf-8', 'utf8', 'unicode-1-1-utf-8'],
  'UTF-16': ['utf-16', 'utf_16', 'utf16', 'unicode', 'unicodebig'],
  'UTF-16BE': ['utf-16be', 'utf_16be', 'iso-10646-ucs-2', 'x-utf-16be', 'unicodebigunmarked'],
  'UTF-16LE': ['utf-16le', 'utf_16le', 'x-utf-16le', 'unicodelittleunmarked'],
  'UTF-32': ['utf-32', 'utf_32', 'utf32'],
  'UTF-32BE': ['utf-32be', 'utf_32be', 'x-utf-32be'],
  'UTF-32LE': ['utf-32le', 'utf_32le', 'x-utf-32le'],
  'ISO-8859-1': [
    'iso-8859-1',
    'iso-ir-100',
    'iso_8859-1',
    'latin1',
    'l1',
    'ibm819',
    'ibm-819',
    'cp819',
    'csisolatin1',
    '819',
    'iso8859_1',
    'iso_8859-1:1987',
    'iso_8859_1',
    '8859_1',
    'iso8859-1',
  ],
  'US-ASCII': [
    'us-ascii',
    'iso-ir-6',
    'ansi_x3.4-1986',
    'iso_646.irv:1991',
    'ascii',
    'iso_646.irv:1983',
    'ansi_x3.4-1968',
    'iso646-us',
    'default',
    'cp367',
    'csascii',
    'us',
    'ibm367',
    'ascii7',
    '646',
  ],
};

const BUILTIN_BY_NAME: ReadonlyMap<string, Builtin> = new Map(
  (Object.entries(JAVA_ALIASES) as [Builtin, readonly string[]][]).flatMap(([c, names]) =>
    names.map((n) => [n, c] as const),
  ),
);

/** Node-only names iconv-lite knows that are no Java charset. */
const NOT_JAVA = new Set(['binary', 'base64', 'base64url', 'hex', 'ucs2', 'ucs-2', 'utf16le', 'utf16be']);

/** A resolved charset: Java's canonical name for the builtins, iconv-lite's codec name otherwise. */
export interface Charset {
  readonly name: string;
  readonly builtin: Builtin | undefined;
}

/**
 * Charset.forName as Spark calls it; `restricted` applies Spark 4's CharsetProvider allow-list (CSV with
 * spark.sql.legacy.javaCharsets off). `caller` names the failing component in the error, as Spark does.
 */
export function resolveCharset(name: string, caller: string, restricted: boolean): Charset {
  const lower = name.toLowerCase();
  const fail = () =>
    new LakesqlError('INVALID_PARAMETER_VALUE.CHARSET', {
      functionName: `\`${caller}\``,
      parameter: '`charset`',
      charset: name,
      charsets: SPARK_VALID_CHARSETS.join(', '),
    });
  if (restricted && !SPARK_VALID_CHARSETS.includes(lower)) throw fail();
  const builtin = BUILTIN_BY_NAME.get(lower);
  if (builtin !== undefined) return { name: builtin, builtin };
  if (NOT_JAVA.has(lower) || !iconv.encodingExists(lower)) throw fail();
  return { name: lower, builtin: undefined };
}

export const UTF8: Charset = { name: 'UTF-8', builtin: 'UTF-8' };

/** The `encoding` option, or its alias `charset` (CSVOptions/JSONOptions read `encoding` first). */
export function encodingOption(o: DataSourceOptions): string | undefined {
  return o.get('encoding') ?? o.get('charset');
}

/** The CSV reader's charset (CSVOptions.charset, UTF-8 by default). */
export function csvCharset(o: DataSourceOptions, legacyJavaCharsets: boolean): Charset {
  const name = encodingOption(o);
  return name === undefined ? UTF8 : resolveCharset(name, 'CSVOptions', !legacyJavaCharsets);
}

const utf8Decoder = new TextDecoder('utf-8');
const utf16leDecoder = new TextDecoder('utf-16le', { ignoreBOM: true });
const utf16beDecoder = new TextDecoder('utf-16be', { ignoreBOM: true });

/** `bytes` as text in `charset`, malformed input replaced by U+FFFD as Java's decoders do. */
export function decodeBytes(bytes: Uint8Array, charset: Charset): string {
  switch (charset.builtin) {
    case 'UTF-8':
      return utf8Decoder.decode(bytes);
    case 'UTF-16': {
      // Java's UTF-16: a byte-order mark picks the order and is dropped; big-endian without one.
      if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16leDecoder.decode(bytes.subarray(2));
      if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16beDecoder.decode(bytes.subarray(2));
      return utf16beDecoder.decode(bytes);
    }
    case 'UTF-16BE':
      return utf16beDecoder.decode(bytes);
    case 'UTF-16LE':
      return utf16leDecoder.decode(bytes);
    case 'UTF-32': {
      if (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff)
        return decodeUtf32(bytes.subarray(4), false);
      if (bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0)
        return decodeUtf32(bytes.subarray(4), true);
      return decodeUtf32(bytes, false);
    }
    case 'UTF-32BE':
      return decodeUtf32(bytes, false);
    case 'UTF-32LE':
      return decodeUtf32(bytes, true);
    case 'ISO-8859-1':
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    case 'US-ASCII':
      return decodeAscii(bytes);
    case undefined:
      return iconv.decode(bytes, charset.name, { stripBOM: false });
  }
}

/** Java's UTF-32: a unit above U+10FFFF, a surrogate, or a short tail is U+FFFD. */
function decodeUtf32(bytes: Uint8Array, little: boolean): string {
  const parts: string[] = [];
  let chunk: number[] = [];
  const full = bytes.length - (bytes.length % 4);
  for (let i = 0; i < full; i += 4) {
    const cp = little
      ? (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24)) >>> 0
      : ((bytes[i]! << 24) | (bytes[i + 1]! << 16) | (bytes[i + 2]! << 8) | bytes[i + 3]!) >>> 0;
    chunk.push(cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? 0xfffd : cp);
    if (chunk.length >= 8192) {
      parts.push(String.fromCodePoint(...chunk));
      chunk = [];
    }
  }
  if (full < bytes.length) chunk.push(0xfffd);
  parts.push(String.fromCodePoint(...chunk));
  return parts.join('');
}

function decodeAscii(bytes: Uint8Array): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return text.replace(/[\u0080-\u00ff]/g, '\ufffd');
}

/**
 * Jackson's ByteSourceJsonBootstrapper, which Spark's multi-line JSON reader relies on when no encoding is
 * given: a byte-order mark, else the pattern of zero bytes in the first four, picks UTF-32/UTF-16 BE/LE;
 * anything else is UTF-8.
 */
export function detectJsonCharset(b: Uint8Array): Charset {
  const c = (name: Builtin): Charset => ({ name, builtin: name });
  if (b.length >= 4) {
    if (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff) return c('UTF-32');
    if (b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) return c('UTF-32');
    if (b[0] === 0 && b[1] === 0 && b[2] === 0 && b[3] !== 0) return c('UTF-32BE');
    if (b[0] !== 0 && b[1] === 0 && b[2] === 0 && b[3] === 0) return c('UTF-32LE');
  }
  if (b.length >= 2) {
    if ((b[0] === 0xfe && b[1] === 0xff) || (b[0] === 0xff && b[1] === 0xfe)) return c('UTF-16');
    if (b[0] === 0 && b[1] !== 0) return c('UTF-16BE');
    if (b[0] !== 0 && b[1] === 0) return c('UTF-16LE');
  }
  return UTF8;
}
