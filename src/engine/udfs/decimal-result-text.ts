/**
 * `spark_decimal_result_text(op, x, y) → VARCHAR`: the text of Spark's exact decimal result of `x op y`, as
 * NUMERIC_VALUE_OUT_OF_RANGE shows the value that did not fit (Spark's Decimal `+`, `-`, `*`, `/` on Java
 * BigDecimals). DuckDB's decimals stop at 38 digits, so the error path computes it here with BigInt; it runs
 * only for the row that fails, never on the query's hot path.
 *
 * Spark: `+`/`-` are exact; `*` rounds to 39 significant digits (MathContext(MAX_PRECISION + 1, HALF_UP));
 * `/` is exact to 39 decimal places (MAX_SCALE + 1, HALF_UP). The text is Java's BigDecimal.toString.
 */
import { type DuckDBConnection, type DuckDBDataChunk, DuckDBScalarFunction, VARCHAR } from '@duckdb/node-api';

interface BigDecimal {
  readonly unscaled: bigint;
  readonly scale: number;
}

const MULTIPLY_PRECISION = 39;
const DIVIDE_SCALE = 39;

function parse(text: string): BigDecimal {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!m) throw new Error(`not a decimal: ${text}`);
  const fraction = m[3] ?? '';
  const digits = `${m[2] ?? ''}${fraction}` || '0';
  const unscaled = BigInt(digits) * (m[1] === '-' ? -1n : 1n);
  return { unscaled, scale: fraction.length - Number(m[4] ?? 0) };
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);
const abs = (v: bigint): bigint => (v < 0n ? -v : v);

function rescale(d: BigDecimal, scale: number): bigint {
  return d.unscaled * pow10(scale - d.scale);
}

/** n / m rounded HALF_UP (away from zero on a tie). */
function divideHalfUp(n: bigint, m: bigint): bigint {
  const q = n / m;
  const r = n % m;
  if (2n * abs(r) < abs(m)) return q;
  return n < 0n === m < 0n ? q + 1n : q - 1n;
}

function roundToPrecision(d: BigDecimal, precision: number): BigDecimal {
  const digits = abs(d.unscaled).toString().length;
  if (digits <= precision) return d;
  const drop = digits - precision;
  return { unscaled: divideHalfUp(d.unscaled, pow10(drop)), scale: d.scale - drop };
}

export function decimalResult(op: string, x: string, y: string): BigDecimal {
  const a = parse(x);
  const b = parse(y);
  switch (op) {
    case '+':
    case '-': {
      const scale = Math.max(a.scale, b.scale);
      const bv = rescale(b, scale);
      return { unscaled: rescale(a, scale) + (op === '+' ? bv : -bv), scale };
    }
    case '*':
      return roundToPrecision(
        { unscaled: a.unscaled * b.unscaled, scale: a.scale + b.scale },
        MULTIPLY_PRECISION,
      );
    case '/': {
      // a / b at DIVIDE_SCALE: a.u * 10^(DIVIDE_SCALE - a.s + b.s) / b.u.
      const k = DIVIDE_SCALE - a.scale + b.scale;
      const n = k >= 0 ? a.unscaled * pow10(k) : a.unscaled;
      const m = k >= 0 ? b.unscaled : b.unscaled * pow10(-k);
      return { unscaled: divideHalfUp(n, m), scale: DIVIDE_SCALE };
    }
    default:
      throw new Error(`unknown decimal operator ${op}`);
  }
}

/** Java's BigDecimal.toString: plain unless the scale is negative or the value is below 1e-6. */
export function javaBigDecimalText(d: BigDecimal): string {
  const sign = d.unscaled < 0n ? '-' : '';
  const digits = abs(d.unscaled).toString();
  const adjusted = -d.scale + (digits.length - 1);
  if (d.scale >= 0 && adjusted >= -6) {
    if (d.scale === 0) return sign + digits;
    const padded = digits.padStart(d.scale + 1, '0');
    return `${sign}${padded.slice(0, padded.length - d.scale)}.${padded.slice(padded.length - d.scale)}`;
  }
  const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${sign}${mantissa}E${adjusted >= 0 ? '+' : ''}${adjusted}`;
}

export function registerDecimalResultTextUdf(connection: DuckDBConnection): void {
  connection.registerScalarFunction(
    DuckDBScalarFunction.create({
      name: 'spark_decimal_result_text',
      returnType: VARCHAR,
      parameterTypes: [VARCHAR, VARCHAR, VARCHAR],
      mainFunction: (_info, input: DuckDBDataChunk, output) => {
        const [op, x, y] = [0, 1, 2].map((i) => input.getColumnVector(i));
        for (let row = 0; row < input.rowCount; row++) {
          const text = javaBigDecimalText(
            decimalResult(String(op?.getItem(row)), String(x?.getItem(row)), String(y?.getItem(row))),
          );
          output.setItem(row, text as never);
        }
        output.flush();
      },
    }),
  );
}
