/**
 * How a written value becomes text, shared by the CSV and JSON writers. The renderings that need the engine
 * (datetime patterns in the session time zone, Java's shortest double digits) are handed in as a
 * ValueRenderer; the choices Spark makes (which pattern, BigDecimal's layout) live here.
 */

export interface ValueRenderer {
  /** A `timestamp` (UTC micros) in the session time zone with a Spark datetime pattern. */
  timestamp(micros: bigint, pattern: string): string;
  /** A `timestamp_ntz` (wall-clock micros) with a Spark datetime pattern. */
  timestampNtz(micros: bigint, pattern: string): string;
  /** A date (days since the epoch) with a Spark datetime pattern. */
  date(days: number, pattern: string): string;
  /** Java's Double.toString. */
  double(v: number): string;
  /** Java's Float.toString. */
  float(v: number): string;
}

/** Spark's write defaults (CSVOptions / JSONOptions). */
export const DEFAULT_DATE_FORMAT = 'yyyy-MM-dd';
export const DEFAULT_TIMESTAMP_FORMAT = "yyyy-MM-dd'T'HH:mm:ss.SSSXXX";
export const DEFAULT_TIMESTAMP_NTZ_FORMAT = "yyyy-MM-dd'T'HH:mm:ss[.SSS]";

/**
 * java.math.BigDecimal.toString, which Spark's Decimal.toString uses: plain digits at the scale unless the
 * scale is negative or the adjusted exponent is below -6, then `d.dddE±n` (`0E-10`, `1.5E-7`).
 */
export function bigDecimalText(unscaled: bigint, scale: number): string {
  const neg = unscaled < 0n;
  const digits = (neg ? -unscaled : unscaled).toString();
  const sign = neg ? '-' : '';
  const adjusted = digits.length - 1 - scale;
  if (scale >= 0 && adjusted >= -6) {
    if (scale === 0) return sign + digits;
    const padded = digits.padStart(scale + 1, '0');
    return `${sign}${padded.slice(0, -scale)}.${padded.slice(-scale)}`;
  }
  const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${sign}${mantissa}E${adjusted >= 0 ? '+' : ''}${adjusted}`;
}
