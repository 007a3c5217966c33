/**
 * round / bround of integers to negative scales: exact HALF_UP / HALF_EVEN, ARITHMETIC_OVERFLOW under ANSI
 * when the result leaves the type, and Java's wrap-around in legacy mode (Spark's math.sql golden file).
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-integral-rounding-');

describe('round and bround of integers', () => {
  it('round half up, bround half to even, exactly at every width', async () => {
    expect(
      await fixture.rows(
        `SELECT round(25y, -1), bround(25y, -1), bround(135, -1), round(-125, -1), bround(-125, -1), round(12345, -2),
           bround(9223372036854775807L, -25), round(-5, -1), bround(-15s, -1), round(1234567, 2), round(9223372036854775000L, -3)`,
      ),
    ).toEqual([[30, 20, 140, -130, -120, 12300, 0n, -10, -20, 1234567, 9223372036854775000n]]);
  });

  it('a result outside the type is ARITHMETIC_OVERFLOW under ANSI', async () => {
    for (const sql of [
      'SELECT round(127y, -1)',
      'SELECT bround(-32768s, -1)',
      'SELECT round(9223372036854775807L, -1)',
    ]) {
      const e = await errorOf(fixture.session.execute(sql));
      expect(e.errorClass).toBe('ARITHMETIC_OVERFLOW');
      expect(e.messageParameters).toEqual({
        message: 'Overflow',
        alternative: '',
        config: '"spark.sql.ansi.enabled"',
      });
    }
  });

  it('wraps as Java does in legacy mode', async () => {
    await fixture.session.setConf('spark.sql.ansi.enabled', 'false');
    try {
      expect(
        await fixture.rows(
          'SELECT round(127y, -1), round(-128y, -1), round(32767s, -1), round(2147483647, -1), round(9223372036854775807L, -1), bround(-9223372036854775808L, -1)',
        ),
      ).toEqual([[-126, 126, -32766, -2147483646, -9223372036854775806n, 9223372036854775806n]]);
    } finally {
      await fixture.session.setConf('spark.sql.ansi.enabled', 'true');
    }
  });
});

describe('the generated SQL', () => {
  it('repeats an integral operand of round and abs instead of binding it through a per-row list', async () => {
    const rows = await fixture.rows('EXPLAIN EXTENDED SELECT round(id * 3, -1), abs(id - 5) FROM range(10)');
    const plan = rows.map((r) => r.join(' ')).join('\n');
    const sql = plan.slice(plan.indexOf('== DuckDB SQL =='), plan.indexOf('== DuckDB Plan =='));
    expect(sql).toContain('// 10::HUGEINT');
    expect(sql).not.toMatch(/list_transform|lambda/);
  });
});
