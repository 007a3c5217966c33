/**
 * Numbers as text the way Spark writes them into the log: Java's Double.toString / Float.toString layout
 * for partition values, and decimals as plain digits at their scale.
 */

/**
 * Java's Double.toString: the shortest digits that read back as the same double, laid out plainly when
 * 1e-3 <= |v| < 1e7 (`100.0`, `0.001`) and as `d.dddE±n` otherwise (`1.0E20`, `1.0E-4`).
 */
export function formatJavaDouble(v: number): string {
  return javaLayout(v, atLeastTwoDigits(v, v.toExponential()));
}

// Java prints at least two significant digits and then picks the two-digit decimal closest to the value
// (Double.MIN_VALUE is `4.9E-324`, not `5.0E-324`).
function atLeastTwoDigits(v: number, exponential: string): string {
  return /^-?\de/.test(exponential) ? v.toExponential(1) : exponential;
}

/** Java's Float.toString: as formatJavaDouble, with the shortest digits that read back as the same float. */
export function formatJavaFloat(v: number): string {
  if (!Number.isFinite(v) || v === 0) return formatJavaDouble(v);
  const f = Math.fround(v);
  for (let p = 1; p < 9; p++) {
    const e = f.toExponential(p);
    if (Math.fround(Number(e)) === f) return javaLayout(f, e);
  }
  return javaLayout(f, f.toExponential(8));
}

function javaLayout(v: number, exponential: string): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Number.POSITIVE_INFINITY) return 'Infinity';
  if (v === Number.NEGATIVE_INFINITY) return '-Infinity';
  if (v === 0) return Object.is(v, -0) ? '-0.0' : '0.0';
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(exponential)!;
  const sign = m[1]!;
  const digits = (m[2]! + (m[3] ?? '')).replace(/(?<=.)0+$/, '');
  const exp = Number(m[4]);
  const abs = Math.abs(v);
  if (abs >= 1e-3 && abs < 1e7) {
    if (exp >= 0) {
      const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, '0');
      const frac = digits.slice(exp + 1);
      return `${sign}${intPart}.${frac === '' ? '0' : frac}`;
    }
    return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  }
  return `${sign}${digits[0]}.${digits.length > 1 ? digits.slice(1) : '0'}E${exp}`;
}

/** An unscaled decimal as plain text at its scale: (12345n, 2) -> `123.45`, (-5n, 3) -> `-0.005`. */
export function formatDecimal(unscaled: bigint, scale: number): string {
  const neg = unscaled < 0n;
  const digits = (neg ? -unscaled : unscaled).toString();
  if (scale <= 0) return (neg ? '-' : '') + digits + '0'.repeat(-scale);
  const padded = digits.padStart(scale + 1, '0');
  return `${neg ? '-' : ''}${padded.slice(0, -scale)}.${padded.slice(-scale)}`;
}

/** How extra fraction digits are dropped: half up (Spark's cast), or towards -inf / +inf (safe bounds). */
export type DecimalRounding = 'halfUp' | 'floor' | 'ceiling';

/**
 * Decimal text (plain or with an exponent: `1.5`, `-0.001`, `1E+3`) to the unscaled value at `scale`.
 * Extra fraction digits round as `rounding` says; undefined when the text is not a number or the value
 * needs more than `precision` digits.
 */
export function parseDecimal(
  text: string,
  precision: number,
  scale: number,
  rounding: DecimalRounding = 'halfUp',
): bigint | undefined {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  const neg = m[1] === '-';
  const intDigits = m[2]!;
  const fracDigits = m[3] ?? '';
  const exp = m[4] === undefined ? 0 : Number(m[4]);
  // value = allDigits * 10^(exp - fracDigits.length); we want value * 10^scale.
  const all = BigInt(intDigits + fracDigits || '0');
  const shift = exp - fracDigits.length + scale;
  let magnitude: bigint;
  let rest = 0n;
  let div = 1n;
  if (shift >= 0) {
    if (shift > 80) return all === 0n ? 0n : undefined;
    magnitude = all * 10n ** BigInt(shift);
  } else {
    div = 10n ** BigInt(Math.min(-shift, 200));
    magnitude = all / div;
    rest = all % div;
  }
  if (rest !== 0n) {
    const up = rounding === 'halfUp' ? rest * 2n >= div : rounding === 'ceiling' ? !neg : /* floor */ neg;
    if (up) magnitude += 1n;
  }
  if (magnitude >= 10n ** BigInt(precision)) return undefined;
  return neg ? -magnitude : magnitude;
}
