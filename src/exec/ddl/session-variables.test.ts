/**
 * Temporary SQL variables end to end: DECLARE [OR REPLACE] with a type and/or a default, references after
 * columns (unqualified, `session.`, `system.session.`, fields of a struct variable), SET VAR of expressions,
 * DEFAULT and a row query, DROP TEMPORARY VARIABLE, and Spark's errors for each misuse.
 */
import { describe, expect, it } from 'vitest';
import { parseStatement, printStatement } from '../../sql/index.js';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const db = useSqlSession('lakesql-session-variables-');

describe('DECLARE VARIABLE', () => {
  it('declares with a type and a default, typed by the default when no type is given', async () => {
    await db.rows("DECLARE VARIABLE a INT DEFAULT 5; DECLARE b = 'hello'; DECLARE c BIGINT");
    expect(await db.rows('SELECT a, session.a + 1, system.session.a * 2, b, typeof(b), c')).toEqual([
      [5, 6, 10, 'hello', 'string', null],
    ]);
  });
  it('refuses an existing name unless OR REPLACE, which takes the new type', async () => {
    await db.rows('DECLARE d INT DEFAULT 1');
    const e = await errorOf(db.rows('DECLARE VARIABLE D STRING'));
    expect(e.errorClass).toBe('VARIABLE_ALREADY_EXISTS');
    expect(e.messageParameters).toEqual({ variableName: '`system`.`session`.`d`' });
    await db.rows('DECLARE OR REPLACE d DOUBLE = 1.5');
    expect(await db.rows('SELECT d, typeof(d)')).toEqual([[1.5, 'double']]);
  });
  it('needs a type or a default', async () => {
    const e = await errorOf(db.rows('DECLARE x'));
    expect(e.errorClass).toBe('INVALID_SQL_SYNTAX.VARIABLE_TYPE_OR_DEFAULT_REQUIRED');
    expect(e.sqlState).toBe('42000');
  });
  it('casts a default to the declared type and refuses a subquery in it, as Spark 4 does', async () => {
    await db.rows("DECLARE s INT DEFAULT '4'");
    expect(await db.rows('SELECT s, typeof(s)')).toEqual([[4, 'int']]);
    expect((await errorOf(db.rows("DECLARE bad INT DEFAULT 'x'"))).errorClass).toBe('CAST_INVALID_INPUT');
    const sub = await errorOf(db.rows('DECLARE sq INT DEFAULT (SELECT max(id) FROM range(5))'));
    expect([sub.errorClass, sub.sqlState, sub.messageParameters?.colName]).toEqual([
      'INVALID_DEFAULT_VALUE.SUBQUERY_EXPRESSION',
      '42623',
      '`system`.`session`.`sq`',
    ]);
  });
  it('names a variable inside a larger expression as Spark does: variablereference(…=value)', async () => {
    await db.rows('DECLARE OR REPLACE nv INT DEFAULT 1; DECLARE OR REPLACE z DOUBLE');
    const result = await db.session.execute("SELECT nv, nv + 1, typeof(z), substr('12345', nv, 1)");
    const first = result[0]!;
    expect(first.kind === 'rows' && first.columns.map((c) => c.name)).toEqual([
      'nv',
      '(variablereference(system.session.nv=1) + 1)',
      'typeof(variablereference(system.session.z=CAST(NULL AS DOUBLE)))',
      'substr(12345, variablereference(system.session.nv=1), 1)',
    ]);
  });
  it('reads the fields of a struct variable and loses to a column of the same name', async () => {
    await db.rows("DECLARE st STRUCT<a: INT, b: STRING> DEFAULT named_struct('a', 1, 'b', 'q')");
    expect(await db.rows('SELECT st.a, st.b')).toEqual([[1, 'q']]);
    await db.rows('DECLARE id BIGINT DEFAULT 100');
    expect(await db.rows('SELECT id FROM range(2) WHERE id < id + 1 ORDER BY id')).toEqual([[0n], [1n]]);
  });
});

describe('SET VAR', () => {
  it('takes DEFAULT as a whole output item of the row query, after a column named default', async () => {
    await db.rows("DECLARE OR REPLACE w STRING DEFAULT 'd1'; SET VAR w = 'x'");
    await db.rows('SET VAR (w) = (SELECT DEFAULT FROM VALUES (1) AS t(c1))');
    expect(await db.rows('SELECT w')).toEqual([['d1']]);
    await db.rows("SET VAR (w) = (SELECT DEFAULT FROM VALUES ('col') AS t(default))");
    expect(await db.rows('SELECT w')).toEqual([['col']]);
    await db.rows("SET VAR w = 'y'");
    await db.rows('SET VAR (w) = (VALUES (DEFAULT))');
    expect(await db.rows('SELECT w')).toEqual([['d1']]);
    const tooMany = await errorOf(db.rows('SET VAR (w) = (SELECT DEFAULT FROM VALUES (1), (2) AS t(c1))'));
    expect(tooMany.errorClass).toBe('ROW_SUBQUERY_TOO_MANY_ROWS');
    for (const sql of ["SET VAR w = 'a' || DEFAULT", 'SET VAR (w) = (SELECT DEFAULT || 1 FROM VALUES (1))']) {
      const e = await errorOf(db.rows(sql));
      expect([e.errorClass, e.sqlState]).toEqual(['DEFAULT_PLACEMENT_INVALID', '42608']);
    }
  });
  it('refuses SET of a variable name as a configuration key, and SET with no names', async () => {
    await db.rows('DECLARE OR REPLACE cv INT DEFAULT 1');
    for (const [sql, name] of [
      ['SET cv = 5', '`cv`'],
      ['SET sYstem.session.cv = 5', '`sYstem`.`session`.`cv`'],
    ] as const) {
      const e = await errorOf(db.rows(sql));
      expect([e.errorClass, e.messageParameters]).toEqual([
        'UNSUPPORTED_FEATURE.SET_VARIABLE_USING_SET',
        { variableName: name },
      ]);
    }
    expect((await errorOf(db.rows('SET VARIABLE () = (SELECT 1)'))).errorClass).toBe('INVALID_SET_SYNTAX');
    expect((await errorOf(db.rows('SET a b = 1'))).errorClass).toBe('INVALID_SET_SYNTAX');
    expect(await db.rows('SELECT cv')).toEqual([[1]]);
  });
  it('assigns every value from the values before the statement', async () => {
    await db.rows('DECLARE p INT DEFAULT 1; DECLARE q INT DEFAULT 2');
    await db.rows('SET VAR p = q, q = p');
    expect(await db.rows('SELECT p, q')).toEqual([[2, 1]]);
    await db.rows('SET VARIABLE p = DEFAULT');
    expect(await db.rows('SELECT p')).toEqual([[1]]);
  });
  it('assigns a row query: no row sets NULLs, two rows fail', async () => {
    await db.rows("DECLARE m INT DEFAULT 0; DECLARE n STRING DEFAULT ''");
    await db.rows("SET VAR (m, n) = (SELECT 3, 'x')");
    expect(await db.rows('SELECT m, n')).toEqual([[3, 'x']]);
    await db.rows("SET VAR (m, n) = (SELECT id, 'y' FROM range(0))");
    expect(await db.rows('SELECT m, n')).toEqual([[null, null]]);
    const tooMany = await errorOf(db.rows("SET VAR (m, n) = (SELECT id, 'y' FROM range(2))"));
    expect([tooMany.errorClass, tooMany.sqlState]).toEqual(['ROW_SUBQUERY_TOO_MANY_ROWS', '21000']);
    const arity = await errorOf(db.rows('SET VAR (m, n) = (SELECT 1)'));
    expect(arity.errorClass).toBe('ASSIGNMENT_ARITY_MISMATCH');
    expect(arity.messageParameters).toEqual({ numTarget: 2, numExpr: 1 });
  });
  it('refuses unknown and repeated targets', async () => {
    const unknown = await errorOf(db.rows('SET VAR nope = 1'));
    expect(unknown.errorClass).toBe('UNRESOLVED_VARIABLE');
    expect(unknown.messageParameters).toEqual({ variableName: '`nope`', searchPath: '`SYSTEM`.`SESSION`' });
    await db.rows('DECLARE r INT DEFAULT 0');
    const twice = await errorOf(db.rows('SET VAR r = 1, session.R = 2'));
    expect(twice.errorClass).toBe('DUPLICATE_ASSIGNMENTS');
    expect(twice.messageParameters).toEqual({ nameList: '`r`' });
  });
  it('is not a configuration key', async () => {
    await db.rows('DECLARE k INT DEFAULT 0; SET VAR k = 9');
    expect(await db.rows('SELECT k')).toEqual([[9]]);
    expect(await db.rows('SET k')).toEqual([['k', '<undefined>']]);
    expect((await errorOf(db.rows('SET VAR k'))).errorClass).toBe('PARSE_SYNTAX_ERROR');
  });
});

describe('DROP TEMPORARY VARIABLE', () => {
  it('drops a variable, and refuses a missing one unless IF EXISTS', async () => {
    await db.rows('DECLARE gone INT DEFAULT 1; DROP TEMPORARY VARIABLE gone');
    expect((await errorOf(db.rows('SELECT gone'))).errorClass).toBe('UNRESOLVED_COLUMN.WITHOUT_SUGGESTION');
    const e = await errorOf(db.rows('DROP TEMPORARY VARIABLE gone'));
    expect(e.errorClass).toBe('VARIABLE_NOT_FOUND');
    expect(e.messageParameters).toEqual({ variableName: '`system`.`session`.`gone`' });
    await db.rows('DROP TEMPORARY VAR IF EXISTS gone');
  });
});

describe('parsing and printing', () => {
  it.each([
    ['DECLARE OR REPLACE VARIABLE v INT DEFAULT 5', 'DECLARE OR REPLACE VARIABLE `v` INT DEFAULT 5'],
    ["declare v = 'a'", "DECLARE VARIABLE `v` DEFAULT 'a'"],
    ['SET VAR session.v = DEFAULT, w = 1 + 2', 'SET VAR `session`.`v` = DEFAULT, `w` = 1 + 2'],
    ['SET VARIABLE (a, b) = (SELECT 1, 2)', 'SET VAR (`a`, `b`) = (SELECT 1, 2)'],
    [
      'DROP TEMPORARY VARIABLE IF EXISTS system.session.v',
      'DROP TEMPORARY VARIABLE IF EXISTS `system`.`session`.`v`',
    ],
  ])('%s', (text, printed) => {
    const stmt = parseStatement(text);
    expect(printStatement(stmt)).toBe(printed);
    expect(printStatement(parseStatement(printed))).toBe(printed);
  });
});
