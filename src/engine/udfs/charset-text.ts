/**
 * Text to bytes and back in a named charset, as Spark's encode(str, charset) and decode(bin, charset) do it
 * (Encode/StringDecode over CharsetProvider.newEncoder/newDecoder):
 *   - the name resolves through CharsetProvider.forName: Spark 4's seven charsets unless
 *     spark.sql.legacy.javaCharsets is true, any Java charset then; otherwise INVALID_PARAMETER_VALUE.CHARSET;
 *   - with spark.sql.legacy.codingErrorAction off (the default) the coder REPORTs: a character the charset
 *     cannot hold, or bytes that are not valid in it, fail with MALFORMED_CHARACTER_CODING; with it on the coder
 *     REPLACEs: `?` for each unmappable character when encoding, U+FFFD for each malformed byte when decoding.
 * Java's encoders: UTF-16 writes a big-endian byte-order mark first, UTF-32 writes none (big-endian).
 */
import iconv from 'iconv-lite';
import { LakesqlError } from '../../errors/index.js';
import { type Charset, decodeBytes, resolveCharset } from '../../formats/charsets.js';

export interface CodingRules {
  /** spark.sql.legacy.javaCharsets: any charset Java knows, not only Spark 4's seven. */
  readonly legacyCharsets: boolean;
  /** spark.sql.legacy.codingErrorAction: replace what cannot be coded instead of failing. */
  readonly replaceErrors: boolean;
}

const QUESTION_MARK = 0x3f;

export function encodeText(text: string, charsetName: string, rules: CodingRules): Uint8Array {
  // Encode.encode returns an empty string's bytes before it looks the charset up.
  if (text === '') return new Uint8Array(0);
  const charset = resolveCharset(charsetName, 'encode', !rules.legacyCharsets);
  const malformed = () =>
    new LakesqlError('MALFORMED_CHARACTER_CODING', { function: '`encode`', charset: charsetName });
  switch (charset.builtin) {
    case 'UTF-8':
      return Buffer.from(text, 'utf8');
    case 'UTF-16':
      return concat([new Uint8Array([0xfe, 0xff]), utf16(text, false)]);
    case 'UTF-16BE':
      return utf16(text, false);
    case 'UTF-16LE':
      return utf16(text, true);
    case 'UTF-32':
    case 'UTF-32BE':
      return utf32(text, false);
    case 'UTF-32LE':
      return utf32(text, true);
    case 'ISO-8859-1':
      return singleByte(text, 0xff, rules.replaceErrors, malformed);
    case 'US-ASCII':
      return singleByte(text, 0x7f, rules.replaceErrors, malformed);
    case undefined: {
      // iconv-lite puts `?` where a character has no mapping, as Java's REPLACE does; a round trip that
      // changes the text is the unmappable case Java REPORTs.
      const bytes = iconv.encode(text, charset.name);
      if (!rules.replaceErrors && iconv.decode(bytes, charset.name) !== text) throw malformed();
      return bytes;
    }
  }
}

export function decodeText(bytes: Uint8Array, charsetName: string, rules: CodingRules): string {
  const charset = resolveCharset(charsetName, 'decode', !rules.legacyCharsets);
  if (rules.replaceErrors) return decodeBytes(bytes, charset);
  const text = strictDecode(bytes, charset);
  if (text === undefined)
    throw new LakesqlError('MALFORMED_CHARACTER_CODING', { function: '`decode`', charset: charsetName });
  return text;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const strictUtf16le = new TextDecoder('utf-16le', { fatal: true, ignoreBOM: true });
const strictUtf16be = new TextDecoder('utf-16be', { fatal: true, ignoreBOM: true });

/** `bytes` in `charset`, or undefined when they are not valid in it (Java's REPORT action). */
function strictDecode(bytes: Uint8Array, charset: Charset): string | undefined {
  try {
    switch (charset.builtin) {
      case 'UTF-8':
        return strictUtf8.decode(bytes);
      case 'UTF-16':
        if (bytes[0] === 0xff && bytes[1] === 0xfe) return strictUtf16le.decode(bytes.subarray(2));
        if (bytes[0] === 0xfe && bytes[1] === 0xff) return strictUtf16be.decode(bytes.subarray(2));
        return strictUtf16be.decode(bytes);
      case 'UTF-16BE':
        return strictUtf16be.decode(bytes);
      case 'UTF-16LE':
        return strictUtf16le.decode(bytes);
      case 'US-ASCII':
        return bytes.every((b) => b < 0x80) ? decodeBytes(bytes, charset) : undefined;
      case 'ISO-8859-1':
        return decodeBytes(bytes, charset);
      case 'UTF-32': {
        // Java's UTF-32 reads a byte-order mark, either way round, and is big-endian without one.
        const littleMark = bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0;
        const body = littleMark ? bytes.subarray(4) : bytes;
        return validUtf32(body, littleMark) ? decodeBytes(bytes, charset) : undefined;
      }
      case 'UTF-32BE':
      case 'UTF-32LE':
        return validUtf32(bytes, charset.builtin === 'UTF-32LE') ? decodeBytes(bytes, charset) : undefined;
      case undefined: {
        // iconv-lite puts U+FFFD where input is malformed; the single- and double-byte charsets it covers
        // cannot spell U+FFFD themselves, so one in the text marks bytes Java would REPORT.
        const text = decodeBytes(bytes, charset);
        return text.includes('\ufffd') ? undefined : text;
      }
    }
  } catch {
    return undefined;
  }
}

/** Whole 4-byte units, each a Unicode scalar value. */
function validUtf32(bytes: Uint8Array, little: boolean): boolean {
  if (bytes.length % 4 !== 0) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < bytes.length; i += 4) {
    const p = view.getUint32(i, little);
    if (p > 0x10ffff || (p >= 0xd800 && p <= 0xdfff)) return false;
  }
  return true;
}

function utf16(text: string, little: boolean): Uint8Array {
  const bytes = Buffer.from(text, 'utf16le');
  if (!little) bytes.swap16();
  return bytes;
}

function utf32(text: string, little: boolean): Uint8Array {
  const points = [...text].map((c) => c.codePointAt(0) as number);
  const out = new DataView(new ArrayBuffer(points.length * 4));
  for (let i = 0; i < points.length; i++) out.setUint32(i * 4, points[i] as number, little);
  return new Uint8Array(out.buffer);
}

/** ISO-8859-1 and US-ASCII: one byte a character up to `max`; above it a character cannot be mapped. */
function singleByte(text: string, max: number, replace: boolean, malformed: () => Error): Uint8Array {
  const out: number[] = [];
  for (const c of text) {
    const p = c.codePointAt(0) as number;
    if (p <= max) out.push(p);
    else if (replace) out.push(QUESTION_MARK);
    else throw malformed();
  }
  return new Uint8Array(out);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts));
}
