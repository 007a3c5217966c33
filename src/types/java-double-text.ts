/**
 * Java's `Double.toString` and `Float.toString`, which Spark uses to print floating-point values
 * (HiveResult.toHiveString and CAST(... AS STRING) both call `n.toString`).
 *
 * Layout (java.lang.Double#toString): for 10^-3 <= |d| < 10^7 a plain decimal with at least one digit after
 * the point (`150000.0`, `0.001`); otherwise computerized scientific notation `d.dddE<n>` (`1.0E10`,
 * `1.0E-5`). The digits are the shortest that identify the value (JDK 19+'s algorithm; JDK 17 sometimes
 * printed an extra digit, and Spark's `.java21` golden variants exist for exactly that reason).
 */

/** Java's Double.toString. */
export function javaDoubleToString(d: number): string {
  const special = specialText(d);
  if (special !== undefined) return special;
  return layOut(
    shortestDigits(d, (x) => x),
    d < 0,
  );
}

/**
 * Java's Float.toString for a value that is a float32 (as DuckDB FLOAT values arrive): the shortest
 * digits that read back as the same float32, which are often fewer than the double's (`0.1`, not
 * `0.10000000149011612`).
 */
export function javaFloatToString(f: number): string {
  const special = specialText(f);
  if (special !== undefined) return special;
  const target = Math.fround(f);
  return layOut(shortestDigits(target, Math.fround), f < 0);
}

function specialText(d: number): string | undefined {
  if (Number.isNaN(d)) return 'NaN';
  if (d === Number.POSITIVE_INFINITY) return 'Infinity';
  if (d === Number.NEGATIVE_INFINITY) return '-Infinity';
  if (d === 0) return Object.is(d, -0) ? '-0.0' : '0.0';
  return undefined;
}

interface Digits {
  /** Significant digits without leading or trailing zeros, e.g. "15" for 150000. */
  readonly digits: string;
  /** Decimal exponent of the first digit: value = d.ddd × 10^exponent. */
  readonly exponent: number;
}

/**
 * The fewest significant digits whose value, rounded by `round`, is `x` again. Java's spec (Double#toString,
 * JDK 19+) never settles for one digit: when one would do, it takes the closest two-digit decimal instead
 * (so Double.MIN_VALUE prints `4.9E-324`, not `5.0E-324`).
 */
function shortestDigits(x: number, round: (v: number) => number): Digits {
  const abs = Math.abs(x);
  for (let precision = 2; precision < 17; precision++) {
    const text = abs.toExponential(precision - 1);
    if (round(Number(text)) === abs) return parseExponential(text);
  }
  // toExponential() without an argument gives the shortest digits that identify a double.
  return parseExponential(abs.toExponential());
}

function parseExponential(text: string): Digits {
  const [mantissa = '', exp = '0'] = text.split('e');
  const digits = mantissa.replace('.', '').replace(/0+$/, '') || '0';
  return { digits, exponent: Number(exp) };
}

function layOut({ digits, exponent }: Digits, negative: boolean): string {
  const sign = negative ? '-' : '';
  if (exponent >= -3 && exponent < 7) {
    if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
    const intPart = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
    const fraction = digits.slice(exponent + 1);
    return `${sign}${intPart}.${fraction === '' ? '0' : fraction}`;
  }
  const fraction = digits.slice(1);
  return `${sign}${digits[0]}.${fraction === '' ? '0' : fraction}E${exponent}`;
}
