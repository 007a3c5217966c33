/**
 * SQL user-defined functions end to end: scalar and table functions inlined into the calling query,
 * defaults and named arguments, argument and result casts, temporary ones before persistent ones, the
 * generated column names, DROP FUNCTION, and Spark's errors for each misuse.
 */
import { describe, expect, it } from 'vitest';
import { parseStatement, printStatement } from '../../sql/index.js';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const db = useSqlSession('lakesql-sql-functions-');

async function columns(sql: string): Promise<string[]> {
  const results = await db.session.execute(sql);
  const last = results[results.length - 1];
  return last?.kind === 'rows'
    ? last.columns.map((c) => `${c.name}:${c.type.kind === 'primitive' ? c.type.name : c.type.kind}`)
    : [];
}

describe('scalar SQL functions', () => {
  it('inline the body with the arguments cast to the parameter types', async () => {
    await db.rows('CREATE FUNCTION add_one(x INT) RETURNS BIGINT RETURN x + 1');
    expect(await db.rows("SELECT add_one(41), add_one('1'), add_one(id) FROM range(2) ORDER BY id")).toEqual([
      [42n, 2n, 1n],
      [42n, 2n, 2n],
    ]);
    expect(await columns('SELECT add_one(1)')).toEqual(['spark_catalog.default.add_one(1):long']);
  });
  it('fill defaults and take named arguments in any order', async () => {
    await db.rows(
      "CREATE FUNCTION greet(a STRING, b STRING DEFAULT '!', c INT DEFAULT 1) RETURNS STRING RETURN a || b || c",
    );
    expect(
      await db.rows("SELECT greet('x'), greet('x', '?'), greet(c => 7, a => 'y'), greet('z', c => 3)"),
    ).toEqual([['x!1', 'x?1', 'y!7', 'z!3']]);
  });
  it('see only their parameters, and a scalar subquery body reads tables', async () => {
    await db.rows('CREATE TABLE fn_t (k INT, v INT) USING delta');
    await db.rows('INSERT INTO fn_t VALUES (1, 10), (1, 5), (2, 7)');
    await db.rows('CREATE FUNCTION total(key INT) RETURNS INT RETURN SELECT sum(v) FROM fn_t WHERE k = key');
    expect(await db.rows('SELECT k, v, total(k) FROM fn_t ORDER BY v')).toEqual([
      [1, 5, 15],
      [2, 7, 7],
      [1, 10, 15],
    ]);
    const e = await errorOf(db.rows('CREATE FUNCTION bad(x INT) RETURNS INT RETURN y + 1'));
    expect(e.errorClass).toBe('UNRESOLVED_COLUMN.WITHOUT_SUGGESTION');
  });
  it('read the fields of a struct parameter, also qualified by the function name', async () => {
    await db.rows('CREATE FUNCTION span(p STRUCT<a: INT, b: INT>) RETURNS INT RETURN p.b - span.p.a');
    expect(await db.rows("SELECT span(named_struct('a', 2, 'b', 7))")).toEqual([[5]]);
  });
  it('resolve a temporary function before a persistent one and drop each', async () => {
    await db.rows('CREATE FUNCTION pick() RETURNS INT RETURN 1');
    await db.rows('CREATE TEMPORARY FUNCTION pick() RETURNS INT RETURN 2');
    expect(await db.rows('SELECT pick(), default.pick()')).toEqual([[2, 1]]);
    expect(await columns('SELECT pick()')).toEqual(['pick():integer']);
    await db.rows('DROP TEMPORARY FUNCTION pick');
    expect(await db.rows('SELECT pick()')).toEqual([[1]]);
    await db.rows('DROP FUNCTION pick');
    expect((await errorOf(db.rows('SELECT pick()'))).errorClass).toBe('UNRESOLVED_ROUTINE');
    expect((await errorOf(db.rows('DROP FUNCTION pick'))).errorClass).toBe('ROUTINE_NOT_FOUND');
    await db.rows('DROP FUNCTION IF EXISTS pick');
  });
  it("raise Spark's errors for wrong calls and definitions", async () => {
    await db.rows('CREATE FUNCTION two(a INT, b INT DEFAULT 2) RETURNS INT RETURN a + b');
    const tooMany = await errorOf(db.rows('SELECT two(1, 2, 3)'));
    expect(tooMany.errorClass).toBe('WRONG_NUM_ARGS.WITHOUT_SUGGESTION');
    expect(tooMany.messageParameters).toMatchObject({
      functionName: '`spark_catalog`.`default`.`two`',
      expectedNum: 2,
      actualNum: 3,
    });
    expect((await errorOf(db.rows('SELECT two(b => 1)'))).errorClass).toBe('REQUIRED_PARAMETER_NOT_FOUND');
    expect((await errorOf(db.rows('SELECT two(1, z => 1)'))).errorClass).toBe('UNRECOGNIZED_PARAMETER_NAME');
    expect((await errorOf(db.rows('SELECT two(1, a => 1)'))).errorClass).toBe(
      'DUPLICATE_ROUTINE_PARAMETER_ASSIGNMENT.BOTH_POSITIONAL_AND_NAMED',
    );
    expect((await errorOf(db.rows('CREATE FUNCTION two() RETURNS INT RETURN 1'))).errorClass).toBe(
      'ROUTINE_ALREADY_EXISTS',
    );
    await db.rows('CREATE FUNCTION IF NOT EXISTS two() RETURNS INT RETURN 1');
    const dup = await errorOf(db.rows('CREATE FUNCTION d(x INT, X INT) RETURNS INT RETURN 1'));
    expect(dup.errorClass).toBe('DUPLICATE_ROUTINE_PARAMETER_NAMES');
    expect(dup.messageParameters).toEqual({ routineName: 'd', names: '`x`' });
    expect((await errorOf(db.rows('CREATE FUNCTION d(a INT DEFAULT 1, b INT) RETURN a'))).errorClass).toBe(
      'USER_DEFINED_FUNCTIONS.NOT_A_VALID_DEFAULT_PARAMETER_POSITION',
    );
    expect((await errorOf(db.rows('CREATE FUNCTION d(a INT NOT NULL) RETURN a'))).errorClass).toBe(
      'USER_DEFINED_FUNCTIONS.NOT_NULL_ON_FUNCTION_PARAMETERS',
    );
    const resultNotNull = await errorOf(
      db.rows('CREATE FUNCTION d(x INT) RETURNS TABLE (a INT, b INT NOT NULL) RETURN SELECT 1, 2'),
    );
    expect([resultNotNull.errorClass, resultNotNull.messageParameters]).toEqual([
      'USER_DEFINED_FUNCTIONS.NOT_NULL_ON_FUNCTION_PARAMETERS',
      { input: 'a INT, b INT NOT NULL' },
    ]);
    expect((await errorOf(db.rows('CREATE FUNCTION d(a INT DEFAULT array(1)) RETURN a'))).errorClass).toBe(
      'DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION',
    );
    expect((await errorOf(db.rows('CREATE FUNCTION d(a INT) RETURNS INT RETURN sum(a)'))).errorClass).toBe(
      'USER_DEFINED_FUNCTIONS.CANNOT_CONTAIN_COMPLEX_FUNCTIONS',
    );
  });
});

describe('table SQL functions', () => {
  it('return the body rows under the RETURNS TABLE names and types', async () => {
    await db.rows(
      'CREATE FUNCTION upto(n INT) RETURNS TABLE (i BIGINT, sq INT) RETURN SELECT id, id * id FROM range(n)',
    );
    expect(await db.rows('SELECT * FROM upto(3) ORDER BY i')).toEqual([
      [0n, 0],
      [1n, 1],
      [2n, 4],
    ]);
    expect(await columns('SELECT upto.sq FROM upto(n => 1)')).toEqual(['sq:integer']);
    expect((await errorOf(db.rows('SELECT upto(1)'))).errorClass).toBe('NOT_A_SCALAR_FUNCTION');
  });
  it('take a LATERAL call whose arguments name the columns to its left', async () => {
    await db.rows(
      'CREATE FUNCTION twice(x INT) RETURNS TABLE (a INT) RETURN SELECT x UNION ALL SELECT x * 10',
    );
    expect(
      await db.rows('SELECT t.k, twice.a FROM VALUES (1), (2) AS t(k), LATERAL twice(k) ORDER BY 1, 2'),
    ).toEqual([
      [1, 1],
      [1, 10],
      [2, 2],
      [2, 20],
    ]);
  });
  it('refuse a body that is not a query or has the wrong number of columns', async () => {
    expect((await errorOf(db.rows('CREATE FUNCTION tf() RETURNS TABLE (a INT) RETURN 1'))).errorClass).toBe(
      'USER_DEFINED_FUNCTIONS.SQL_TABLE_UDF_BODY_MUST_BE_A_QUERY',
    );
    expect(
      (await errorOf(db.rows('CREATE FUNCTION tf() RETURNS TABLE (a INT) RETURN SELECT 1, 2'))).errorClass,
    ).toBe('USER_DEFINED_FUNCTIONS.RETURN_COLUMN_COUNT_MISMATCH');
    expect(
      (await errorOf(db.rows('CREATE FUNCTION tf() RETURNS TABLE (a INT, A INT) RETURN SELECT 1, 2')))
        .errorClass,
    ).toBe('DUPLICATE_ROUTINE_RETURNS_COLUMNS');
  });
});

describe('CREATE FUNCTION text', () => {
  it('prints back to SQL that parses to the same statement', () => {
    const sql =
      "CREATE OR REPLACE TEMPORARY FUNCTION `f`(`a` INT DEFAULT 1 COMMENT 'p', `b` STRING DEFAULT 'q') RETURNS TABLE (`x` INT) NOT DETERMINISTIC READS SQL DATA COMMENT 'c' RETURN SELECT `a`";
    expect(printStatement(parseStatement(sql))).toBe(sql);
  });
});

describe('views with column names', () => {
  it('name the columns of a persistent view as its column list says', async () => {
    await db.rows('CREATE VIEW named_v (c1, c2) AS VALUES (1, 2)');
    expect(await db.rows('SELECT c2, c1 FROM named_v')).toEqual([[2, 1]]);
  });
});

describe('the SQL configs a function was created under', () => {
  it('keep its casts in the mode of its creation, whatever the caller runs under', async () => {
    await db.rows('SET spark.sql.ansi.enabled = false');
    await db.rows("CREATE TEMPORARY FUNCTION legacy_cast() RETURNS INT RETURN CAST('a' AS INT)");
    await db.rows(
      "CREATE TEMPORARY FUNCTION legacy_table() RETURNS TABLE (a INT) RETURN SELECT CAST('a' AS INT)",
    );
    await db.rows('SET spark.sql.ansi.enabled = true');
    expect(await db.rows('SELECT legacy_cast()')).toEqual([[null]]);
    expect(await db.rows('SELECT * FROM legacy_table()')).toEqual([[null]]);
    await db.rows("CREATE TEMPORARY FUNCTION ansi_cast() RETURNS INT RETURN CAST('a' AS INT)");
    await db.rows('SET spark.sql.ansi.enabled = false');
    expect((await errorOf(db.rows('SELECT ansi_cast()'))).errorClass).toBe('CAST_INVALID_INPUT');
    await db.rows('SET spark.sql.ansi.enabled = true');
  });
});
