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

function expected(op: string, a: bigint, b: bigint, s: number, p: number, scale: number): string | null {
  let v: bigint;
  if (op === '+' || op === '-') v = rescale(op === '+' ? a + b : a - b, s, scale);
  else if (op === '*') v = rescale(a * b, 2 * s, scale);
  else v = rescale(halfUp(a * pow10(39), b), 39, scale);
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
  it('rounds the exact sum, product and quotient of decimal(38,18) columns to Spark’s type', async () => {
    const a = [...randomUnscaled(7n, 60)];
    const b = [...randomUnscaled(11n, 60)].map((v) => (v === 0n ? 1n : v));
    const values = a.map((x, i) => `(${i}, ${text(x, 18)}BD, ${text(b[i] as bigint, 18)}BD)`).join(', ');
    await fx.rows('SET spark.sql.ansi.enabled = false');
    await fx.rows(
      `CREATE OR REPLACE TEMP VIEW pairs AS SELECT id, CAST(x AS DECIMAL(38,18)) x, CAST(y AS DECIMAL(38,18)) y FROM VALUES ${values} AS v(id, x, y)`,
    );
    const types = await fx.rows(
      'SELECT typeof(x + y), typeof(x - y), typeof(x * y), typeof(x / y) FROM pairs LIMIT 1',
    );
    expect(types).toEqual([['decimal(38,17)', 'decimal(38,17)', 'decimal(38,6)', 'decimal(38,6)']]);
    const rows = await fx.rows(
      'SELECT id, CAST(x + y AS STRING), CAST(x - y AS STRING), CAST(x * y AS STRING), CAST(x / y AS STRING) FROM pairs ORDER BY id',
    );
    const want = a.map((x, i) => {
      const y = b[i] as bigint;
      return [
        i,
        expected('+', x, y, 18, 38, 17),
        expected('-', x, y, 18, 38, 17),
        expected('*', x, y, 18, 38, 6),
        expected('/', x, y, 18, 38, 6),
      ];
    });
    expect(rows).toEqual(want);
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
