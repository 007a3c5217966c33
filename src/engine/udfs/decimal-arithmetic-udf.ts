/**
 * `spark_decimal_arithmetic(op, x, y, scale) → VARCHAR`: Spark's decimal `x op y` (decimal-result-text.ts:
 * `+ -` exact, `*` to 39 significant digits, `/` to 39 places) rounded HALF_UP to the result type's scale, as
 * Decimal.changePrecision does, in plain text. DuckDB's decimals stop at 38 digits, so the operators reach
 * this only for the rows whose exact value DuckDB cannot hold (decimal-arithmetic.ts sends each row down one
 * CASE branch); the caller casts the text to the result type, which turns a value past its precision into
 * NULL. One call handles a whole chunk; a NULL operand or a zero divisor gives NULL.
 */
import {
  type DuckDBConnection,
  type DuckDBDataChunk,
  DuckDBScalarFunction,
  INTEGER,
  VARCHAR,
} from '@duckdb/node-api';
import { decimalResult } from './decimal-result-text.js';

const abs = (v: bigint): bigint => (v < 0n ? -v : v);

/** Plain text of `unscaled * 10^-scale` rounded HALF_UP (away from zero on a tie) to `to` places. */
export function roundedDecimalText(unscaled: bigint, scale: number, to: number): string {
  let v = unscaled;
  if (to >= scale) v *= 10n ** BigInt(to - scale);
  else {
    const m = 10n ** BigInt(scale - to);
    const q = v / m;
    v = 2n * abs(v % m) >= m ? q + (v < 0n ? -1n : 1n) : q;
  }
  const digits = abs(v)
    .toString()
    .padStart(to + 1, '0');
  const sign = v < 0n ? '-' : '';
  return to === 0 ? sign + digits : `${sign}${digits.slice(0, -to)}.${digits.slice(-to)}`;
}

/** Spark's `x op y` at `scale` places, or null for a NULL operand or a zero divisor. */
export function sparkDecimalArithmetic(op: string, x: string, y: string, scale: number): string | null {
  if (op === '/' && /^[+-]?0*\.?0*$/.test(y.trim())) return null;
  const exact = decimalResult(op, x, y);
  return roundedDecimalText(exact.unscaled, exact.scale, scale);
}

export function registerDecimalArithmeticUdf(connection: DuckDBConnection): void {
  connection.registerScalarFunction(
    DuckDBScalarFunction.create({
      name: 'spark_decimal_arithmetic',
      returnType: VARCHAR,
      parameterTypes: [VARCHAR, VARCHAR, VARCHAR, INTEGER],
      mainFunction: (_info, input: DuckDBDataChunk, output) => {
        const [op, x, y, scale] = [0, 1, 2, 3].map((i) => input.getColumnVector(i));
        for (let row = 0; row < input.rowCount; row++) {
          const [o, a, b, s] = [op, x, y, scale].map((v) => v?.getItem(row));
          const text =
            o == null || a == null || b == null || s == null
              ? null
              : sparkDecimalArithmetic(String(o), String(a), String(b), Number(s));
          output.setItem(row, text as never);
        }
        output.flush();
      },
    }),
  );
}
