/**
 * Spark 4 collations end to end: COLLATE and collation(), collated columns in Parquet and Delta tables,
 * comparison and grouping under UTF8_LCASE and ICU locales, Spark's strength rules and their errors.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';

const db = useSqlSession('lakesql-collations-');

async function columnTypes(sql: string): Promise<string[]> {
  const results = await db.session.execute(sql);
  const last = results[results.length - 1]!;
  if (last.kind !== 'rows') throw new Error('no rows');
  return last.columns.map(
    (c) =>
      `${c.name}:${c.type.kind === 'primitive' && c.type.collation ? `string collate ${c.type.collation}` : c.type.kind === 'primitive' ? c.type.name : c.type.kind}`,
  );
}

async function errorOf(sql: string): Promise<{ errorClass: string; messageParameters: unknown }> {
  try {
    await db.rows(sql);
  } catch (e) {
    const { errorClass, messageParameters } = e as { errorClass: string; messageParameters: unknown };
    return { errorClass, messageParameters };
  }
  throw new Error(`no error from ${sql}`);
}

describe('COLLATE and collation()', () => {
  it('gives a string an explicit collation that comparisons use', async () => {
    expect(
      await db.rows(
        "SELECT 'a' COLLATE utf8_lcase = 'A', 'a' = 'A', collation('a' COLLATE utf8_lcase), collation('a'), typeof('a' COLLATE unicode)",
      ),
    ).toEqual([
      [true, false, 'SYSTEM.BUILTIN.UTF8_LCASE', 'SYSTEM.BUILTIN.UTF8_BINARY', 'string collate UNICODE'],
    ]);
  });
  it('orders by ICU locale rules', async () => {
    expect(
      await db.rows(
        "SELECT 'a' COLLATE unicode < 'A', 'Kypper' COLLATE sv < 'Köpfe', 'Kypper' COLLATE de > 'Köpfe'",
      ),
    ).toEqual([[true, true, true]]);
  });
  it('keeps the collation through string functions that return their input', async () => {
    expect(
      await columnTypes("SELECT upper('a' COLLATE utf8_lcase) AS u, length('a' COLLATE utf8_lcase) AS n"),
    ).toEqual(['u:string collate UTF8_LCASE', 'n:integer']);
  });
  it('names literals that took the collation of the other side as Spark does', async () => {
    expect(
      await columnTypes("SELECT contains('xAA' COLLATE utf8_lcase, 'a'), 'a' COLLATE unicode < 'A'"),
    ).toEqual([
      "contains(collate(xAA, utf8_lcase), 'a' collate UTF8_LCASE):boolean",
      "(collate(a, unicode) < 'A' collate UNICODE):boolean",
    ]);
  });
  it('refuses two different explicit collations (COLLATION_MISMATCH.EXPLICIT)', async () => {
    expect(await errorOf("SELECT 'a' COLLATE utf8_lcase = 'a' COLLATE unicode")).toEqual({
      errorClass: 'COLLATION_MISMATCH.EXPLICIT',
      messageParameters: { explicitTypes: '"STRING COLLATE UTF8_LCASE", "STRING COLLATE UNICODE"' },
    });
  });
  it('names an unknown collation with suggestions (COLLATION_INVALID_NAME)', async () => {
    expect(await errorOf("SELECT 'a' COLLATE utf8_lcas")).toEqual({
      errorClass: 'COLLATION_INVALID_NAME',
      messageParameters: { collationName: "'utf8_lcas'", proposals: 'UTF8_LCASE' },
    });
  });
  it('refuses collations the engine cannot compare as Spark does', async () => {
    expect((await errorOf("SELECT 'a' COLLATE unicode_ci = 'A'")).errorClass).toBe(
      'UNSUPPORTED_FEATURE.COLLATION',
    );
    expect((await errorOf("SELECT 'a ' COLLATE utf8_lcase_rtrim = 'A'")).errorClass).toBe(
      'UNSUPPORTED_FEATURE.COLLATION',
    );
  });
  it('refuses DuckDB functions and set operations that would ignore the collation', async () => {
    expect((await errorOf("SELECT endswith('xAA' COLLATE utf8_lcase, 'aa')")).errorClass).toBe(
      'UNSUPPORTED_FEATURE.COLLATION',
    );
    expect(
      (await errorOf("SELECT array_distinct(array('a' COLLATE utf8_lcase, 'A' COLLATE utf8_lcase))"))
        .errorClass,
    ).toBe('UNSUPPORTED_FEATURE.COLLATION');
    expect(
      (await errorOf("SELECT 'A' COLLATE utf8_lcase AS c EXCEPT SELECT 'a' COLLATE utf8_lcase")).errorClass,
    ).toBe('UNSUPPORTED_FEATURE.COLLATION');
    expect(
      await db.rows(
        "SELECT contains('xAAx' COLLATE utf8_lcase, 'aa'), startswith('AAx' COLLATE utf8_lcase, 'aa')",
      ),
    ).toEqual([[true, true]]);
  });
  it('refuses accent-insensitive collations in search functions, as Spark does', async () => {
    expect(await errorOf("SELECT contains('a' COLLATE unicode_ai, 'b')")).toEqual({
      errorClass: 'DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE',
      messageParameters: {
        sqlExpr: '"contains(collate(a, unicode_ai), b)"',
        paramIndex: 'first',
        requiredType: '"STRING"',
        inputSql: '"collate(a, unicode_ai)"',
        inputType: '"STRING COLLATE UNICODE_AI"',
      },
    });
  });
  it('compares in byte order again after COLLATE utf8_binary', async () => {
    expect(await db.rows("SELECT ('a' COLLATE utf8_lcase) COLLATE utf8_binary = 'A'")).toEqual([[false]]);
  });
  it('takes only strings', async () => {
    expect((await errorOf('SELECT 1 COLLATE utf8_lcase')).errorClass).toBe(
      'DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE',
    );
  });
});

describe('collated columns', () => {
  it('group, filter and describe by the column collation in a Parquet table', async () => {
    await db.rows(
      "CREATE TABLE p (b STRING, l STRING COLLATE UTF8_LCASE) USING parquet; INSERT INTO p VALUES ('aaa', 'aaa'), ('AAA', 'AAA'), ('bbb', 'bbb')",
    );
    expect(await db.rows('SELECT count(*) FROM p GROUP BY l ORDER BY 1')).toEqual([[1n], [2n]]);
    expect(await db.rows("SELECT b FROM p WHERE l = 'aAa' ORDER BY b")).toEqual([['AAA'], ['aaa']]);
    expect(await db.rows('DESCRIBE TABLE p')).toEqual([
      ['b', 'string', null],
      ['l', 'string collate UTF8_LCASE', null],
    ]);
  });
  it('make a mixed comparison of two implicit collations indeterminate', async () => {
    expect(await errorOf('SELECT contains(b, l) FROM p')).toEqual({
      errorClass: 'INDETERMINATE_COLLATION_IN_EXPRESSION',
      messageParameters: { expr: '"contains(b, l)"' },
    });
    // An explicit collation settles it.
    expect(await db.rows('SELECT count(*) FROM p WHERE contains(b, l COLLATE utf8_binary)')).toEqual([[3n]]);
  });
  it('are written to Delta with __COLLATIONS metadata and the collations-preview feature', async () => {
    await db.rows("CREATE TABLE d (l STRING COLLATE UTF8_LCASE); INSERT INTO d VALUES ('a'), ('A'), ('b')");
    expect(await db.rows("SELECT count(*) FROM d WHERE l = 'A'")).toEqual([[2n]]);
    const log = await readFile(
      path.join(db.dir, 'wh', 'd', '_delta_log', '00000000000000000000.json'),
      'utf8',
    );
    const actions = log
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const protocol = actions.find((a) => a.protocol)?.protocol;
    expect(protocol.writerFeatures).toContain('collations-preview');
    const schema = JSON.parse(actions.find((a) => a.metaData).metaData.schemaString);
    expect(schema.fields[0]).toEqual({
      name: 'l',
      type: 'string',
      nullable: true,
      metadata: { __COLLATIONS: { l: 'spark.UTF8_LCASE' } },
    });
  });
});
