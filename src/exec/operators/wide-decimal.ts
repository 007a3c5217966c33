/**
 * Decimal `+ - *` whose exact result needs more than 38 digits, rounded HALF_UP to Spark's capped result
 * type (DecimalPrecision's adjustPrecisionScale). DuckDB computes such operands at the sum of their scales
 * and raises (or refuses to bind past scale 38) where Spark rounds the exact value first: 10.3 at scale 18
 * times 3 at scale 19 is decimal(38,34) in Spark, 30.9 at scale 37 (39 digits) in DuckDB. These builders keep
 * the exact value in HUGEINT pieces (integer arithmetic only: vectorized, never an error inside DuckDB) and
 * give the unscaled HUGEINT of the rounded result, or NULL when it does not fit the result precision.
 */
import type { DecimalType } from '../../types/data-types.js';

const pow10 = (n: number) => `${10n ** BigInt(n)}::HUGEINT`;
const LIMB = 19;

/**
 * The unscaled HUGEINT of `x` (typed DECIMAL(p,s)), exact for every p and s: DuckDB multiplies a decimal by
 * 10^s at scale s, which overflows its 38 digits once p + s passes 38, so wider values are split at the point
 * (the fraction times 10^s needs 2s digits) or, past scale 19, read from their text.
 */
export function unscaledHugeint(x: string, d: DecimalType): string {
  if (d.scale === 0) return `(${x})::HUGEINT`;
  if (d.precision + d.scale <= 38) return `((${x})::DECIMAL(38,${d.scale}) * ${pow10(d.scale)})::HUGEINT`;
  if (d.scale <= LIMB) {
    return `(trunc(${x})::HUGEINT * ${pow10(d.scale)} + (((${x}) - trunc(${x})) * ${pow10(d.scale)})::HUGEINT)`;
  }
  return `replace((${x})::VARCHAR, '.', '')::HUGEINT`;
}

/**
 * `round_half_up((H * 10^38 + M) / 10^k)` for H, M >= 0 (M < 10^38), or NULL past 10^precision. HALF_UP
 * rounds away from zero, so the magnitude is rounded and the sign applied after.
 */
function shiftRound(h: string, m: string, k: number, precision: number): string {
  let quotient: string;
  let roundDigit: string;
  if (k >= 38) {
    quotient = k === 38 ? h : `(${h} // ${pow10(k - 38)})`;
    roundDigit = k === 38 ? `(${m} // ${pow10(37)})` : `((${h} // ${pow10(k - 39)}) % 10)`;
    return limit(`(${quotient} + CASE WHEN ${roundDigit} >= 5 THEN 1 ELSE 0 END)`, precision);
  }
  // k < 38: the quotient is H * 10^(38-k) + M // 10^k, which fits 38 digits only while H < 10^k.
  quotient = `(${h} * ${pow10(38 - k)} + ${k === 0 ? m : `${m} // ${pow10(k)}`})`;
  roundDigit = k === 0 ? '0' : `((${m} // ${pow10(k - 1)}) % 10)`;
  const rounded = `(${quotient} + CASE WHEN ${roundDigit} >= 5 THEN 1 ELSE 0 END)`;
  return `(CASE WHEN ${h} >= ${pow10(k)} THEN NULL ELSE ${limit(rounded, precision)} END)`;
}

function limit(value: string, precision: number): string {
  return `(CASE WHEN ${value} < ${pow10(precision)} THEN ${value} END)`;
}

/**
 * The unscaled result of `x * y` at `result.scale`: |A| and |B| split into 19-digit limbs, whose products
 * (under 10^38) and carries fit a HUGEINT; the 76-digit product is H * 10^38 + M, then rounded.
 */
export function wideProductUnscaled(
  x: string,
  y: string,
  left: DecimalType,
  right: DecimalType,
  result: DecimalType,
): string {
  const a = `abs(${unscaledHugeint(x, left)})`;
  const b = `abs(${unscaledHugeint(y, right)})`;
  const e = pow10(LIMB);
  const [a1, a0, b1, b0] = [`(${a} // ${e})`, `(${a} % ${e})`, `(${b} // ${e})`, `(${b} % ${e})`];
  const hh = `(${a1} * ${b1})`;
  const m1 = `(${a1} * ${b0})`;
  const m2 = `(${a0} * ${b1})`;
  const ll = `(${a0} * ${b0})`;
  // Limbs of the product in base 10^19, low to high, each sum bounded by 3 * 10^19.
  const l1Sum = `(${m1} % ${e} + ${m2} % ${e} + ${ll} // ${e})`;
  const l2Sum = `(${hh} % ${e} + ${m1} // ${e} + ${m2} // ${e} + ${l1Sum} // ${e})`;
  const high = `((${hh} // ${e} + ${l2Sum} // ${e}) * ${e} + ${l2Sum} % ${e})`;
  const low = `((${l1Sum} % ${e}) * ${e} + ${ll} % ${e})`;
  const magnitude = shiftRound(high, low, left.scale + right.scale - result.scale, result.precision);
  return signed(magnitude, `sign(${unscaledHugeint(x, left)}) * sign(${unscaledHugeint(y, right)})`);
}

/**
 * The unscaled result of `x + y` (or `x - y`) at `result.scale`, below both operands' scales: each operand
 * is a whole count of result units plus a remainder in units of 10^-max(scale); the counts add without
 * overflow (each holds at most 37 digits), the remainders carry into them, and the total rounds HALF_UP.
 */
export function wideSumUnscaled(
  op: '+' | '-',
  x: string,
  y: string,
  left: DecimalType,
  right: DecimalType,
  result: DecimalType,
): string {
  const top = Math.max(left.scale, right.scale);
  const drop = top - result.scale;
  const part = (v: string, d: DecimalType): [string, string] => {
    const u = unscaledHugeint(v, d);
    if (d.scale <= result.scale) return [`(${u} * ${pow10(result.scale - d.scale)})`, '0::HUGEINT'];
    const cut = pow10(d.scale - result.scale);
    return [`(${u} // ${cut})`, `((${u} % ${cut}) * ${pow10(top - d.scale)})`];
  };
  const [qx, rx] = part(x, left);
  const [qy, ry] = part(y, right);
  // units - 2 + (rest + 2 * 10^drop) / 10^drop: the remainder made positive (it lies in (-2, 2) units), so
  // that truncating division is floor division and the rounding reads the remainder alone.
  const limit = pow10(result.precision);
  // Each count holds at most 37 digits (Spark's capped type keeps one digit for the carry): no overflow.
  if (drop === 0) return `(CASE WHEN abs(${qx} ${op} ${qy}) < ${limit} THEN ${qx} ${op} ${qy} END)`;
  const one = pow10(drop);
  const units = `(${qx} ${op} ${qy} - 2)`;
  const rest = `(${rx} ${op} ${ry} + 2 * ${one})`;
  const half = pow10(drop - 1) + ' * 5';
  // The total is negative when units <= -4 (rest < 4 units), or -3..-1 with a remainder short of -units.
  const nonNegative = `(${units} >= 0 OR (${units} > -4 AND ${rest} >= -${units} * ${one}))`;
  const total = `(${units} + CASE WHEN ${nonNegative} THEN (${rest} + ${half}) // ${one} ELSE (${rest} - ${half} + ${one} - 1) // ${one} END)`;
  return `(CASE WHEN abs(${total}) < ${limit} THEN ${total} END)`;
}

function signed(magnitude: string, sign: string): string {
  return `(${sign} * ${magnitude})`;
}
