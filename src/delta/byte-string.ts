/**
 * Sizes written as Spark writes them (JavaUtils.byteStringAsBytes): a whole number with an optional
 * binary unit, case-insensitive: `104857600`, `100k`, `100kb`, `1m`, `1mb`, `1g`, `1gb`, `1t`, `1tb`,
 * `1p`, `1pb`; a bare number is bytes. Delta reads `delta.targetFileSize` this way ("104857600 (bytes) or
 * 100mb"), and lakesql reads its size confs the same way.
 */

const UNITS: Readonly<Record<string, number>> = {
  b: 1,
  k: 1024,
  kb: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
  t: 1024 ** 4,
  tb: 1024 ** 4,
  p: 1024 ** 5,
  pb: 1024 ** 5,
};

const BYTE_STRING = /^([0-9]+)\s*([a-z]+)?$/;

/** The size in bytes, or undefined when the text is not a byte string (Spark's NumberFormatException). */
export function byteStringAsBytes(text: string): number | undefined {
  const m = BYTE_STRING.exec(text.trim().toLowerCase());
  if (!m) return undefined;
  const unit = m[2] === undefined ? 1 : UNITS[m[2]];
  if (unit === undefined) return undefined;
  const bytes = Number(m[1]) * unit;
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

/** The requirement a byte string fails, in the words of Spark's error. */
export const BYTE_STRING_REQUIREMENT =
  'Size must be specified as bytes (b), kibibytes (k), mebibytes (m), gibibytes (g), tebibytes (t), or pebibytes (p). E.g. 50b, 100k, or 250m.';
