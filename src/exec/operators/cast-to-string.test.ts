/**
 * CAST(double / float AS STRING) is DuckDB's own text in Java's plain range and a rewrite of it outside, with no
 * per-row list; its results are Java's Double.toString / Float.toString at every boundary.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineSession } from '../../engine/engine-session.js';
import { parseDataTypeString } from '../../plan/types/parse-data-type.js';
import { compileCast } from './compile-cast.js';

let session: EngineSession;
beforeAll(async () => {
  session = await EngineSession.create({ threads: 1 });
});
afterAll(() => session.close());

const SEM = { ansi: true, timeZone: 'UTC' };
const cast = (from: string, operand = '"v"') =>
  compileCast(operand, parseDataTypeString(from), parseDataTypeString('string'), 'ansi', SEM);

async function texts(from: string, values: readonly string[]): Promise<unknown[]> {
  const type = from === 'float' ? 'FLOAT' : 'DOUBLE';
  const rows = values.map((v, i) => `(${i}, CAST(${v} AS ${type}))`).join(', ');
  const got = await session.all(`SELECT ${cast(from)} AS s FROM (VALUES ${rows}) t(i, v) ORDER BY i`);
  return got.map((r) => r.s);
}

describe('the generated SQL', () => {
  it("is DuckDB's text in the plain range, with no per-row list, lambda or struct", () => {
    for (const from of ['double', 'float']) {
      const sql = cast(from);
      expect(sql, from).not.toMatch(/list_transform|lambda|\{'/);
      expect(sql, from).toMatch(
        /^\(CASE WHEN abs\(\("v"\)::(DOUBLE|FLOAT)\) >= CAST\(1e-3 AS \1\) AND .* THEN \("v"\)::\1::VARCHAR\n/,
      );
    }
    // An arithmetic operand is repeated, not bound.
    expect(cast('double', '"a" / 7')).not.toMatch(/lambda/);
  });

  it('binds a non-deterministic operand once', () => {
    expect(cast('double', 'random()').match(/random\(\)/g)).toHaveLength(1);
  });
});

describe("Java's Double.toString", () => {
  it('writes the special values and signed zero', async () => {
    expect(await texts('double', ["'NaN'", "'Infinity'", "'-Infinity'", "'-0.0'", '0', 'NULL'])).toEqual([
      'NaN',
      'Infinity',
      '-Infinity',
      '-0.0',
      '0.0',
      null,
    ]);
  });

  it('is plain from 1e-3 up to 1e7 and scientific outside, at both boundaries', async () => {
    const values = [
      '0.001',
      '9.999999999999998e-4',
      '1e-4',
      '0.00012',
      '9.999999999999999e-5',
      '1e7',
      '9999999.999999998',
    ];
    expect(await texts('double', values)).toEqual([
      '0.001',
      '9.999999999999998E-4',
      '1.0E-4',
      '1.2E-4',
      '9.999999999999999E-5',
      '1.0E7',
      '9999999.999999998',
    ]);
  });

  it("rewrites DuckDB's plain text above 1e7 and its exponent form above 1e16", async () => {
    const values = [
      '-12345678.5',
      '1.2e8',
      '999999999999999.9',
      '1e15',
      '1e16',
      '-1.5e-7',
      '1e22',
      '5e-324',
      '1.7976931348623157e308',
      '100',
      '-123.456',
    ];
    expect(await texts('double', values)).toEqual([
      '-1.23456785E7',
      '1.2E8',
      '9.999999999999999E14',
      '1.0E15',
      '1.0E16',
      '-1.5E-7',
      '1.0E22',
      '5.0E-324',
      '1.7976931348623157E308',
      '100.0',
      '-123.456',
    ]);
  });
});

describe("Java's Float.toString", () => {
  it('uses the float digits, and the float nearest a power of ten prints as that power', async () => {
    const values = ['0.1', '1e-3', '1e-4', '1e7', '1e11', '1e16', '3.4e38', '-1.5e-5', "'NaN'"];
    expect(await texts('float', values)).toEqual([
      '0.1',
      '0.001',
      '1.0E-4',
      '1.0E7',
      '1.0E11',
      '1.0E16',
      '3.4E38',
      '-1.5E-5',
      'NaN',
    ]);
  });
});
