/**
 * String casts compile to DuckDB's own parse behind a canonical-text guard, with Spark's full parse only for
 * the rows that fail it: no per-row list or lambda, and Spark's results for untrimmed, odd and invalid text.
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
const cast = (to: string, mode: CastEvalMode = 'ansi', operand = '"v"') =>
  compileCast(operand, parseDataTypeString('string'), parseDataTypeString(to), mode, SEM);

/** The cast of each text (a SQL literal) in `mode`, row by row in one query. */
async function values(to: string, mode: CastEvalMode, texts: readonly string[]): Promise<unknown[]> {
  const rows = texts.map((t, i) => `(${i}, ${t})`).join(', ');
  const got = await session.all(
    `SELECT CAST(${cast(to, mode)} AS VARCHAR) AS r FROM (VALUES ${rows}) t(i, v) ORDER BY i`,
  );
  return got.map((r) => r.r);
}

async function errorOf(to: string, text: string): Promise<unknown> {
  return session.all(`SELECT ${cast(to)} AS r FROM (VALUES (${text})) t(v)`).then(
    () => undefined,
    (e: { errorClass?: string; messageParameters?: Record<string, string> }) => [
      e.errorClass,
      e.messageParameters?.expression,
    ],
  );
}

describe('the generated SQL', () => {
  it('parses canonical text with DuckDB first and repeats the column instead of binding it', () => {
    expect(cast('int')).toMatch(
      /^coalesce\(CASE WHEN regexp_full_match\(\("v"\)::VARCHAR, '\[\+-\]\?\[0-9\]\+'\) THEN TRY_CAST\(\("v"\)::VARCHAR AS INTEGER\) END, /,
    );
    expect(cast('date')).toMatch(/^coalesce\(CASE WHEN regexp_full_match\(\("v"\)::VARCHAR, '\[0-9\]\{4\}-/);
    expect(cast('timestamp')).toMatch(/^coalesce\(TRY_CAST\(\("v"\)::VARCHAR AS TIMESTAMPTZ\), /);
    for (const t of ['tinyint', 'bigint', 'float', 'double', 'decimal(10,2)', 'decimal(38,2)', 'boolean']) {
      for (const mode of ['ansi', 'try', 'legacy'] as const) {
        expect(cast(t, mode), `${t} ${mode}`).not.toMatch(/list_transform|lambda|struct_pack|\{'/);
      }
    }
  });

  it('binds a non-deterministic operand once, so that one row sees one value', () => {
    expect(cast('int', 'ansi', 'CAST(uuid() AS VARCHAR)').match(/uuid\(\)/g)).toHaveLength(1);
  });
});

describe('string to integral', () => {
  const texts = ["'42'", "' 42 '", "e'\\t-7\\n'", "chr(1) || '5'", "'+3'", "'007'", 'NULL::VARCHAR'];

  it('trims whitespace and control characters as UTF8String.trimAll does', async () => {
    expect(await values('int', 'ansi', texts)).toEqual(['42', '42', '-7', '5', '3', '7', null]);
  });

  it('truncates a fraction only in legacy mode; other text is NULL there and under try', async () => {
    const odd = ["'1.9'", "'-.5'", "'1e2'", "'0x10'", "'1_000'", "'2147483648'", "''"];
    expect(await values('int', 'legacy', odd)).toEqual(['1', '0', null, null, null, null, null]);
    expect(await values('int', 'try', odd)).toEqual([null, null, null, null, null, null, null]);
  });

  it('raises CAST_INVALID_INPUT under ANSI for a fraction, DuckDB-only syntax and overflow', async () => {
    for (const t of ["'1.5'", "'1e2'", "'0x10'", "'1_000'", "'2147483648'", "' '"]) {
      expect(await errorOf('int', t), t).toEqual(['CAST_INVALID_INPUT', `'${t.slice(1, -1)}'`]);
    }
    expect(await errorOf('tinyint', "'128'")).toEqual(['CAST_INVALID_INPUT', "'128'"]);
  });
});

describe('string to floating point', () => {
  it("reads Java's parseDouble forms (too large is Infinity) and Spark's special literals", async () => {
    const texts = ["'1.5'", "' 1e3 '", "'.5'", "'5.'", "'1.5d'", "'-Infinity'", "'+inf'", "'NaN'", "'1e400'"];
    expect(await values('double', 'legacy', texts)).toEqual([
      '1.5',
      '1000.0',
      '0.5',
      '5.0',
      '1.5',
      '-inf',
      'inf',
      'nan',
      'inf',
    ]);
    expect(await errorOf('double', "'1_000'")).toEqual(['CAST_INVALID_INPUT', "'1_000'"]);
    expect(await errorOf('double', "'-nan'")).toEqual(['CAST_INVALID_INPUT', "'-nan'"]);
  });
});

describe('string to decimal', () => {
  it('rounds HALF_UP through the narrow type and the wide one alike', async () => {
    const texts = ["'1.005'", "' -2.5e1 '", "'123456789012345678901.5'", "'abc'", 'NULL::VARCHAR'];
    expect(await values('decimal(10,2)', 'legacy', texts)).toEqual(['1.01', '-25.00', null, null, null]);
    expect(await values('decimal(38,2)', 'legacy', texts)).toEqual([
      '1.01',
      '-25.00',
      '123456789012345678901.50',
      null,
      null,
    ]);
    expect(await errorOf('decimal(10,2)', "'1_0'")).toEqual(['CAST_INVALID_INPUT', "'1_0'"]);
  });

  it('reads 38 integer digits into decimal(38, 0), and refuses text past 38 digits under ANSI', async () => {
    const nines = '9'.repeat(38);
    // They have no room for the extra digit of scale the rounding is read with: they were NULL.
    expect(
      await values('decimal(38,0)', 'ansi', [`'${nines}'`, `'-${nines}'`, "'1e50'"]).catch(String),
    ).toMatch(/NUMERIC_VALUE_OUT_OF_RANGE/);
    expect(await values('decimal(38,0)', 'ansi', [`'${nines}'`, `' -${nines} '`])).toEqual([
      nines,
      `-${nines}`,
    ]);
    expect(await values('decimal(38,0)', 'try', ["'1e50'", `'${nines}.4'`])).toEqual([null, nines]);
    expect(await values('decimal(38,2)', 'legacy', ["'1e50'"])).toEqual([null]);
    const e = await session
      .all(`SELECT ${cast('decimal(38,0)')} FROM (VALUES ('1e50')) t(v)`)
      .catch((x) => x);
    expect([e.errorClass, e.messageParameters]).toEqual([
      'NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION',
      { value: '1e50', precision: '38', scale: '0', config: '"spark.sql.ansi.enabled"' },
    ]);
  });
});

describe('string to date and timestamp', () => {
  it("takes stringToDate's partial forms and ignores what follows a space or T", async () => {
    const texts = [
      "'2024-01-05'",
      "' 2024-1-5 '",
      "'2024-03'",
      "'2024'",
      "'2024-01-05T10:00'",
      "'02024-01-05'",
    ];
    expect(await values('date', 'ansi', texts)).toEqual([
      '2024-01-05',
      '2024-01-05',
      '2024-03-01',
      '2024-01-01',
      '2024-01-05',
      '2024-01-05',
    ]);
    expect(
      await values('date', 'legacy', ["'2024-02-30'", "'2024/01/05'", "'24-01-05'", "'2024|-1-1'"]),
    ).toEqual([null, null, null, null]);
    expect(await errorOf('date', "'2024-13-01'")).toEqual(['CAST_INVALID_INPUT', "'2024-13-01'"]);
  });

  it('reads date-only text as midnight and timestamps with DuckDB', async () => {
    const texts = ["'2024'", "' 2024-01-05 '", "'2024-01-05 10:00:00.5'", "chr(0) || '2024-01-05T10:00:00Z'"];
    expect(await values('timestamp_ntz', 'ansi', texts)).toEqual([
      '2024-01-01 00:00:00',
      '2024-01-05 00:00:00',
      '2024-01-05 10:00:00.5',
      '2024-01-05 10:00:00',
    ]);
    expect(await errorOf('timestamp', "'2024-01-05 25:00'")).toEqual([
      'CAST_INVALID_INPUT',
      "'2024-01-05 25:00'",
    ]);
  });
});

describe('string to a legacy interval (IntervalUtils.safeStringToInterval)', () => {
  it('reads signed value-unit pairs after an optional `interval` word, and is NULL for anything else in every mode', async () => {
    const texts = [
      "'+     1 second'",
      "'-  1 second'",
      "'  INTERVAL -1 year 2 months '",
      "'- -1 second'",
      "'- +1 second'",
      "'1 day 1'",
      "''",
      'NULL',
    ];
    const expected = ['00:00:01', '-00:00:01', '-10 months', null, null, null, null, null];
    expect(await values('interval', 'ansi', texts)).toEqual(expected);
    expect(await values('interval', 'legacy', texts)).toEqual(expected);
  });
});
