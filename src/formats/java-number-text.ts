/**
 * Which texts Java's number parsers accept, because Spark's inference asks exactly that
 * (`field.toInt`, `field.toLong`, `field.toDouble` in CSVInferSchema and PartitioningUtils).
 */

const INT_MIN = -(2n ** 31n);
const INT_MAX = 2n ** 31n - 1n;
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

/** Integer.parseInt: an optional sign and ASCII digits, no spaces, within 32 bits. */
export function isJavaInt(s: string): boolean {
  return inRange(s, INT_MIN, INT_MAX);
}

/** Long.parseLong: as parseInt, within 64 bits. */
export function isJavaLong(s: string): boolean {
  return inRange(s, LONG_MIN, LONG_MAX);
}

function inRange(s: string, min: bigint, max: bigint): boolean {
  if (!/^[+-]?\d+$/.test(s)) return false;
  const n = BigInt(s);
  return n >= min && n <= max;
}

/**
 * Double.parseDouble: surrounding whitespace (chars <= U+0020) trimmed, decimal or hex floating literals with
 * an optional `d`/`f` suffix, `NaN` and `Infinity` with an optional sign.
 */
export function isJavaDouble(s: string): boolean {
  return javaDoubleValue(s) !== undefined;
}

export function javaDoubleValue(s: string): number | undefined {
  const t = trimJava(s);
  if (/^[+-]?NaN$/.test(t)) return Number.NaN;
  if (/^[+-]?Infinity$/.test(t)) return t.startsWith('-') ? -Infinity : Infinity;
  const dec = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)[fFdD]?$/.exec(t);
  if (dec) return Number(dec[1]);
  if (/^[+-]?0[xX]/.test(t)) return undefined; // hex floats: accepted by Java, vanishingly rare in data
  return undefined;
}

/** The precision and scale of a BigDecimal parsed from `s` (java.math.BigDecimal(String)), or undefined. */
export function javaBigDecimal(s: string): { precision: number; scale: number } | undefined {
  const m = /^[+-]?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(s);
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) return undefined;
  const intPart = m[1]!;
  const frac = m[2] ?? '';
  const exp = m[3] === undefined ? 0 : Number(m[3]);
  const digits = `${intPart}${frac}`.replace(/^0+/, '');
  const precision = Math.max(digits.length, 1);
  return { precision, scale: frac.length - exp };
}

/** String.trim: strips every char <= U+0020 from both ends. */
function trimJava(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s.charCodeAt(start) <= 0x20) start++;
  while (end > start && s.charCodeAt(end - 1) <= 0x20) end--;
  return s.slice(start, end);
}
