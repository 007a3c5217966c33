/**
 * EXECUTE IMMEDIATE end to end: text from a literal or a STRING variable, `?` and `:name` markers bound to
 * USING arguments (literals, constant expressions, variables), IDENTIFIER(:name) in the executed statement,
 * INTO variables, and Spark's error classes for each misuse.
 */
import { describe, expect, it } from 'vitest';
import { parseStatement, printStatement } from '../../sql/index.js';
import { errorOf, useSqlSession } from './testing/sql-session-fixture.js';

const db = useSqlSession('lakesql-execute-immediate-');

const VIEW =
  "CREATE OR REPLACE TEMPORARY VIEW v AS SELECT * FROM VALUES (1, 'a'), (2, 'b'), (3, 'c') AS v(id, name)";

describe('EXECUTE IMMEDIATE', () => {
  it('runs a literal or a variable holding the statement, returning its rows', async () => {
    await db.rows(VIEW);
    expect(await db.rows("EXECUTE IMMEDIATE 'SELECT name FROM v WHERE id = 2'")).toEqual([['b']]);
    await db.rows("DECLARE OR REPLACE s STRING DEFAULT 'SELECT count(*) FROM v'");
    expect(await db.rows('EXECUTE IMMEDIATE s')).toEqual([[3n]]);
  });
  it('binds positional markers in order, aliases ignored, with or without parentheses', async () => {
    await db.rows(VIEW);
    await db.rows('DECLARE OR REPLACE k INT DEFAULT 3');
    const q = "EXECUTE IMMEDIATE 'SELECT id FROM v WHERE id = ? OR id = ? ORDER BY id'";
    expect(await db.rows(`${q} USING 1, k`)).toEqual([[1], [3]]);
    expect(await db.rows(`${q} USING (1 + 1, k AS x)`)).toEqual([[2], [3]]);
  });
  it('binds named markers; an unaliased variable is named after itself', async () => {
    await db.rows(VIEW);
    await db.rows("DECLARE OR REPLACE first STRING DEFAULT 'c'");
    const q =
      "EXECUTE IMMEDIATE 'SELECT id, :first AS p FROM v WHERE name = :first OR id = :second ORDER BY id'";
    expect(await db.rows(`${q} USING 1 AS second, first`)).toEqual([
      [1, 'c'],
      [3, 'c'],
    ]);
  });
  it('runs commands, with IDENTIFIER(:name) bound to an argument', async () => {
    await db.rows(VIEW);
    await db.rows(
      "EXECUTE IMMEDIATE 'CREATE OR REPLACE TEMPORARY VIEW IDENTIFIER(:n) AS SELECT id FROM v WHERE id > :m' USING 'w' AS n, 1 AS m",
    );
    expect(await db.rows('SELECT id FROM w ORDER BY id')).toEqual([[2], [3]]);
    await db.rows("DECLARE OR REPLACE t STRING DEFAULT 'x'");
    await db.rows("EXECUTE IMMEDIATE 'SET VAR t = ?' USING 'y'");
    expect(await db.rows('SELECT t')).toEqual([['y']]);
  });
  it('assigns INTO variables with a cast, NULLs for no row', async () => {
    await db.rows(VIEW);
    await db.rows('DECLARE OR REPLACE r INT; DECLARE OR REPLACE nm STRING');
    await db.rows("EXECUTE IMMEDIATE 'SELECT id, name FROM v WHERE id = ?' INTO r, nm USING 2");
    expect(await db.rows('SELECT r, nm')).toEqual([[2, 'b']]);
    await db.rows("EXECUTE IMMEDIATE 'SELECT \\'17\\'' INTO r");
    expect(await db.rows('SELECT r')).toEqual([[17]]);
    await db.rows("EXECUTE IMMEDIATE 'SELECT 1 WHERE 1 = 2' INTO r");
    expect(await db.rows('SELECT r')).toEqual([[null]]);
  });
  it('prints back as it was written', () => {
    const stmt = parseStatement("EXECUTE IMMEDIATE s INTO a, b USING 1 AS x, 'q'");
    expect(printStatement(stmt)).toBe("EXECUTE IMMEDIATE `s` INTO `a`, `b` USING 1 AS `x`, 'q'");
  });
});

describe('EXECUTE IMMEDIATE errors', () => {
  async function errorClass(sql: string): Promise<[string | undefined, unknown]> {
    const e = await errorOf(db.rows(sql));
    return [e.errorClass, e.messageParameters];
  }
  it('checks the arguments: variables or constants, unique aliases, all named for named markers', async () => {
    await db.rows(VIEW);
    await db.rows("DECLARE OR REPLACE a STRING DEFAULT 'x'");
    const q = "EXECUTE IMMEDIATE 'SELECT id FROM v WHERE name = :first'";
    expect(await errorClass(`${q} USING concat(a, 'b') AS first`)).toEqual([
      'UNSUPPORTED_EXPR_FOR_PARAMETER',
      { invalidExprSql: '"concat(a, b)"' },
    ]);
    expect((await errorClass(`${q} USING (SELECT 1) AS first`))[0]).toBe('UNSUPPORTED_EXPR_FOR_PARAMETER');
    expect(await errorClass(`${q} USING nosuch AS first`)).toEqual([
      'UNRESOLVED_VARIABLE',
      { variableName: '`nosuch`', searchPath: '`SYSTEM`.`SESSION`' },
    ]);
    expect(await errorClass(`${q} USING 1 AS first, 2 AS first`)).toEqual([
      'EXEC_IMMEDIATE_DUPLICATE_ARGUMENT_ALIASES',
      { aliases: '`first`' },
    ]);
    expect(await errorClass(`${q} USING 1, 'b' AS first`)).toEqual([
      'ALL_PARAMETERS_MUST_BE_NAMED',
      { exprs: '"1"' },
    ]);
    expect((await errorClass("EXECUTE IMMEDIATE 'SELECT ? + :x' USING 1, 2 AS x"))[0]).toBe(
      'INVALID_QUERY_MIXED_QUERY_PARAMETERS',
    );
    expect((await errorClass("EXECUTE IMMEDIATE 'SELECT :x'"))[0]).toBe('UNBOUND_SQL_PARAMETER');
  });
  it('checks the statement text and the INTO targets', async () => {
    await db.rows(VIEW);
    await db.rows(
      'DECLARE OR REPLACE n INT DEFAULT 1; DECLARE OR REPLACE s STRING; DECLARE OR REPLACE r INT',
    );
    expect(await errorClass('EXECUTE IMMEDIATE n')).toEqual([
      'INVALID_VARIABLE_TYPE_FOR_QUERY_EXECUTE_IMMEDIATE',
      { varType: '"INT"' },
    ]);
    expect(await errorClass('EXECUTE IMMEDIATE s')).toEqual([
      'NULL_QUERY_STRING_EXECUTE_IMMEDIATE',
      { varName: '`s`' },
    ]);
    expect((await errorClass("EXECUTE IMMEDIATE 'SELCT 1' INTO r"))[0]).toBe('PARSE_SYNTAX_ERROR');
    expect((await errorClass("EXECUTE IMMEDIATE 'SET VAR r = 1' INTO r"))[0]).toBe(
      'INVALID_STATEMENT_FOR_EXECUTE_INTO',
    );
    expect((await errorClass("EXECUTE IMMEDIATE 'EXECUTE IMMEDIATE \\'SELECT 1\\''"))[0]).toBe(
      'NESTED_EXECUTE_IMMEDIATE',
    );
    expect((await errorClass("EXECUTE IMMEDIATE 'SELECT id FROM v' INTO r"))[0]).toBe(
      'ROW_SUBQUERY_TOO_MANY_ROWS',
    );
    expect(await errorClass("EXECUTE IMMEDIATE 'SELECT 1, 2' INTO r")).toEqual([
      'ASSIGNMENT_ARITY_MISMATCH',
      { numTarget: 1, numExpr: 2 },
    ]);
    expect(await errorClass("EXECUTE IMMEDIATE 'SELECT 1, 2' INTO r, r")).toEqual([
      'DUPLICATE_ASSIGNMENTS',
      { nameList: '`r`' },
    ]);
    expect((await errorClass("EXECUTE IMMEDIATE 'SELECT \\'x\\'' INTO r"))[0]).toBe('CAST_INVALID_INPUT');
    expect((await errorClass("EXECUTE IMMEDIATE 'SELECT 1' INTO (r)"))[0]).toBe('PARSE_SYNTAX_ERROR');
  });
});
