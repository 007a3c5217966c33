/**
 * Decimal `+ - * /` whose exact value needs more than 38 digits before Spark rounds it to its capped result
 * type: decimal(38,18) operands, literals of 20+ digits. Each value is checked against BigInt arithmetic
 * (the exact value rounded HALF_UP to the result scale; a quotient first to 39 places, as Spark's Decimal
 * division does), over random operands, in ANSI and legacy mode.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-wide-decimal-');

const pow10 = (n: number) => 10n ** BigInt(n);
const abs = (v: bigint) => (v < 0n ? -v : v);

/** n / m rounded HALF_UP, away from zero on a tie. */
function halfUp(n: bigint, m: bigint): bigint {
  const q = n / m;
  const r = n % m;
  if (2n * abs(r) < abs(m)) return q;
  return n < 0n === m < 0n ? q + 1n : q - 1n;
}

/** An unscaled value at `scale` rescaled HALF_UP to `to`. */
function rescale(unscaled: bigint, scale: number, to: number): bigint {
  return to >= scale ? unscaled * pow10(to - scale) : halfUp(unscaled, pow10(scale - to));
}

function text(unscaled: bigint, scale: number): string {
  const sign = unscaled < 0n ? '-' : '';
  const digits = abs(unscaled)
    .toString()
    .padStart(scale + 1, '0');
  return scale === 0 ? sign + digits : `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** Spark's `a op b` on unscaled values at scales `sa` and `sb`, in decimal(p, scale), or null past p digits. */
function expected(
  op: string,
  a: bigint,
  sa: number,
  b: bigint,
  sb: number,
  p: number,
  scale: number,
): string | null {
  let v: bigint;
  const top = Math.max(sa, sb);
  if (op === '+' || op === '-') {
    const [x, y] = [a * pow10(top - sa), b * pow10(top - sb)];
    v = rescale(op === '+' ? x + y : x - y, top, scale);
  } else if (op === '*') {
    // Java's BigDecimal.multiply with MathContext(39, HALF_UP), then changePrecision's HALF_UP.
    const product = a * b;
    const drop = Math.max(0, abs(product).toString().length - 39);
    v = rescale(halfUp(product, pow10(drop)), sa + sb - drop, scale);
  } else {
    // Java's BigDecimal.divide at scale 39, HALF_UP, then changePrecision's HALF_UP.
    const k = 39 - sa + sb;
    v = rescale(k >= 0 ? halfUp(a * pow10(k), b) : halfUp(a, b * pow10(-k)), 39, scale);
  }
  return abs(v) < pow10(p) ? text(v, scale) : null;
}

/** A deterministic generator (a linear congruential one) so that a failure replays. */
function* randomUnscaled(seed: bigint, count: number): Generator<bigint> {
  let state = seed;
  for (let i = 0; i < count; i++) {
    state = (state * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
    const digits = Number(state % 38n) + 1;
    state = (state * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
    const magnitude = (state * state * state) % pow10(digits);
    yield state % 2n === 0n ? magnitude : -magnitude;
  }
}

describe('decimal arithmetic past 38 digits', () => {
  /** Random pairs of decimal(38,sa) and decimal(38,sb) through `+ - * /`, against BigInt arithmetic. */
  async function checkPairs(sa: number, sb: number, seed: bigint): Promise<void> {
    const a = [...randomUnscaled(seed, 60)];
    const b = [...randomUnscaled(seed + 4n, 60)].map((v) => (v === 0n ? 1n : v));
    const values = a.map((x, i) => `(${i}, ${text(x, sa)}BD, ${text(b[i] as bigint, sb)}BD)`).join(', ');
    await fx.rows(
      `CREATE OR REPLACE TEMP VIEW pairs AS SELECT id, CAST(x AS DECIMAL(38,${sa})) x, CAST(y AS DECIMAL(38,${sb})) y FROM VALUES ${values} AS v(id, x, y)`,
    );
    const ops = ['+', '-', '*', '/'];
    const [types] = await fx.rows(
      `SELECT ${ops.map((o) => `typeof(x ${o} y)`).join(', ')} FROM pairs LIMIT 1`,
    );
    const resultTypes = (types as string[]).map((t) => {
      const m = /^decimal\((\d+),(\d+)\)$/.exec(t);
      return [Number(m?.[1]), Number(m?.[2])] as const;
    });
    const rows = await fx.rows(
      `SELECT id, ${ops.map((o) => `CAST(x ${o} y AS STRING)`).join(', ')} FROM pairs ORDER BY id`,
    );
    const want = a.map((x, i) => [
      i,
      ...ops.map((o, j) => {
        const [p, s] = resultTypes[j] as readonly [number, number];
        return expected(o, x, sa, b[i] as bigint, sb, p, s);
      }),
    ]);
    expect(rows).toEqual(want);
  }

  it('rounds the exact sum, product and quotient of wide columns to Spark’s type', async () => {
    await fx.rows('SET spark.sql.ansi.enabled = false');
    const [types] = await fx.rows(
      'SELECT typeof(x + y), typeof(x * y), typeof(x / y) FROM (SELECT CAST(1 AS DECIMAL(38,18)) x, CAST(1 AS DECIMAL(38,18)) y)',
    );
    expect(types).toEqual(['decimal(38,17)', 'decimal(38,6)', 'decimal(38,6)']);
    await checkPairs(18, 18, 7n);
    // Scale 40 for DuckDB's product: only Spark's arithmetic binds.
    await checkPairs(20, 20, 13n);
    await checkPairs(0, 30, 17n);
    await checkPairs(37, 2, 19n);
    await fx.rows('SET spark.sql.ansi.enabled = true');
  });

  it('computes literals whose product or sum DuckDB cannot hold', async () => {
    expect(
      await fx.rows(
        `SELECT CAST(10.300000000000000000 * 3.0000000000000000000 AS STRING),
                typeof(10.300000000000000000 * 3.0000000000000000000),
                CAST(123456789123456789.1234567890 * 1.123456789123456789 AS STRING),
                CAST(12345678912345678912345678912.1234567 + 9999999999999999999999999999999.12345 AS STRING),
                CAST(-12345678912345678912345678912.1234567 - 9999999999999999999999999999999.12345 AS STRING),
                CAST(12345678912345.123456789123 / 0.000000012345678 AS STRING)`,
      ),
    ).toEqual([
      [
        '30.9000000000000000000000000000000000',
        'decimal(38,34)',
        '138698367904130467.654320988515622621',
        '10012345678912345678912345678911.246907',
        '-10012345678912345678912345678911.246907',
        '1000000073899961059796.725866332',
      ],
    ]);
  });

  it('raises NUMERIC_VALUE_OUT_OF_RANGE under ANSI and gives NULL otherwise', async () => {
    const e = await errorOf(fx.rows('SELECT 1e35BD / 0.1'));
    expect(e.errorClass).toBe('NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION');
    expect(e.sqlState).toBe('22003');
    expect(e.messageParameters).toMatchObject({ precision: '38', scale: '6' });
    const product = await errorOf(
      fx.rows('SELECT CAST(1e20 AS DECIMAL(38,18)) * CAST(1e20 AS DECIMAL(38,18))'),
    );
    expect(product.errorClass).toBe('NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION');
    await fx.rows('SET spark.sql.ansi.enabled = false');
    expect(
      await fx.rows(
        'SELECT 1e35BD / 0.1, CAST(1e20 AS DECIMAL(38,18)) * CAST(1e20 AS DECIMAL(38,18)), CAST(NULL AS DECIMAL(38,18)) * 1.5BD',
      ),
    ).toEqual([[null, null, null]]);
    await fx.rows('SET spark.sql.ansi.enabled = true');
  });
});
