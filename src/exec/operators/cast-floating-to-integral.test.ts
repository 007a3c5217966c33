/**
 * CAST(double AS int/bigint): truncate, then the range check (ANSI), NULL (try) or Java's saturation (legacy),
 * with no per-row list. 2^63 as a double is past Long.MaxValue although the two compare equal as doubles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineSession } from '../../engine/engine-session.js';
import { parseDataTypeString } from '../../plan/types/parse-data-type.js';
import { type CastEvalMode, compileCast } from './compile-cast.js';

let session: EngineSession;
beforeAll(async () => {
  session = await EngineSession.create({ threads: 1 });
});
afterAll(() => session.close());

const SEM = { ansi: true, timeZone: 'UTC' };
const cast = (to: string, mode: CastEvalMode) =>
  compileCast('"v"', parseDataTypeString('double'), parseDataTypeString(to), mode, SEM);

async function values(to: string, mode: CastEvalMode, doubles: readonly string[]): Promise<unknown[]> {
  const rows = doubles.map((d, i) => `(${i}, CAST(${d} AS DOUBLE))`).join(', ');
  const got = await session.all(
    `SELECT CAST(${cast(to, mode)} AS VARCHAR) AS r FROM (VALUES ${rows}) t(i, v) ORDER BY i`,
  );
  return got.map((r) => r.r);
}

const EDGES = [
  "'NaN'",
  "'Infinity'",
  '-2147483648.9',
  '2147483647.9',
  '2147483648',
  '9.223372036854776e18',
  'NULL',
];

describe('the generated SQL', () => {
  it('is one TRY_CAST of the truncated value under try, and a range check without a per-row list', () => {
    expect(cast('int', 'try')).toBe('TRY_CAST(trunc(("v")::DOUBLE) AS INTEGER)');
    for (const mode of ['ansi', 'legacy'] as const) {
      expect(cast('bigint', mode), mode).not.toMatch(/list_transform|lambda/);
      expect(cast('bigint', mode), mode).toContain('< 9223372036854775808)');
    }
  });
});

describe('double to integral', () => {
  it('is NULL out of range under try', async () => {
    expect(await values('int', 'try', EDGES)).toEqual([
      null,
      null,
      '-2147483648',
      '2147483647',
      null,
      null,
      null,
    ]);
    expect(await values('bigint', 'try', EDGES)).toEqual([
      null,
      null,
      '-2147483648',
      '2147483647',
      '2147483648',
      null,
      null,
    ]);
  });

  it("saturates as Java's (long) does in legacy mode, NaN being 0", async () => {
    expect(await values('bigint', 'legacy', EDGES)).toEqual([
      '0',
      '9223372036854775807',
      '-2147483648',
      '2147483647',
      '2147483648',
      '9223372036854775807',
      null,
    ]);
  });

  it('raises CAST_OVERFLOW naming the double under ANSI', async () => {
    for (const [to, d, shown] of [
      ['bigint', '9.223372036854776e18', '9.223372036854776E18D'],
      ['int', '2147483648', '2.147483648E9D'],
      ['int', "'NaN'", 'NaND'],
    ] as const) {
      const error = await session
        .all(`SELECT ${cast(to, 'ansi')} FROM (VALUES (CAST(${d} AS DOUBLE))) t(v)`)
        .then(
          () => undefined,
          (e: { errorClass?: string; messageParameters?: Record<string, string> }) => [
            e.errorClass,
            e.messageParameters?.value,
          ],
        );
      expect(error, d).toEqual(['CAST_OVERFLOW', shown]);
    }
  });
});
