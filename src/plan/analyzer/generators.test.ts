/** inline / inline_outer / stack as Spark's generators: rows, column names and types, NULLs and errors. */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';
import { sqlTypeName } from '../../types/data-types.js';

const db = useSqlSession('lakesql-generators-');

async function schema(sql: string): Promise<string[]> {
  const results = await db.session.execute(sql);
  const last = results[results.length - 1];
  return last?.kind === 'rows' ? last.columns.map((c) => `${c.name}:${sqlTypeName(c.type)}`) : [];
}

describe('inline', () => {
  it('turns an array of structs into rows of its fields, a NULL element into a row of NULLs', async () => {
    const sql = "SELECT inline(array(struct(1, 'a'), struct(2, 'b'), NULL)), 7";
    expect(await db.rows(sql)).toEqual([
      [1, 'a', 7],
      [2, 'b', 7],
      [null, null, 7],
    ]);
    expect(await schema(sql)).toEqual(['col1:int', 'col2:string', '7:int']);
  });
  it('takes aliases in the select list and in LATERAL VIEW', async () => {
    expect(await db.rows("SELECT inline(array(named_struct('a', 1, 'b', 'x'))) AS (p, q)")).toEqual([
      [1, 'x'],
    ]);
    expect(
      await db.rows(
        "SELECT id, x, y FROM range(2) LATERAL VIEW inline(array(struct(id * 10, 'z'))) t AS x, y ORDER BY id",
      ),
    ).toEqual([
      [0n, 0n, 'z'],
      [1n, 10n, 'z'],
    ]);
  });
  it('drops a row whose array is NULL or empty; inline_outer keeps it with NULLs', async () => {
    const arr = 'CAST(NULL AS ARRAY<STRUCT<a: INT, b: STRING>>)';
    expect(await db.rows(`SELECT inline(${arr})`)).toEqual([]);
    expect(await db.rows(`SELECT inline_outer(${arr})`)).toEqual([[null, null]]);
    expect(
      await db.rows(
        'SELECT id, x FROM range(1) LATERAL VIEW OUTER inline(array_remove(array(struct(1)), struct(1))) t AS x',
      ),
    ).toEqual([[0n, null]]);
  });
  it('refuses an argument that is not an array of structs', async () => {
    const e = await errorOf(db.rows('SELECT inline(array(1))'));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE');
    expect(e.messageParameters).toMatchObject({
      requiredType: '"ARRAY<STRUCT<>>"',
      inputType: '"ARRAY<INT>"',
    });
  });
});

describe('stack', () => {
  it('spreads the values over n rows of columns col0, col1, … NULL-padding the last row', async () => {
    const sql = "SELECT stack(3, 1, 'a', 2, NULL, 3), 'z'";
    expect(await db.rows(sql)).toEqual([
      [1, 'a', 'z'],
      [2, null, 'z'],
      [3, null, 'z'],
    ]);
    expect(await schema(sql)).toEqual(['col0:int', 'col1:string', 'z:string']);
  });
  it('types a column by its first non-NULL value and works over columns and in LATERAL VIEW', async () => {
    expect(await db.rows('SELECT stack(2, NULL, 1.5D, 2L, NULL)')).toEqual([
      [null, 1.5],
      [2n, null],
    ]);
    expect(await schema('SELECT stack(2, NULL, 1.5D, 2L, NULL)')).toEqual(['col0:bigint', 'col1:double']);
    expect(
      await db.rows(
        "SELECT id, a, b FROM range(2) LATERAL VIEW stack(2, id, 'x', id * 10) s AS a, b ORDER BY id, a, b NULLS LAST",
      ),
    ).toEqual([
      [0n, 0n, 'x'],
      [0n, 0n, null],
      [1n, 1n, 'x'],
      [1n, 10n, null],
    ]);
  });
  it("raises Spark's errors for a bad row count or mixed column types", async () => {
    let e = await errorOf(db.rows("SELECT stack(2, 1, '2.2')"));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.STACK_COLUMN_DIFF_TYPES');
    expect(e.messageParameters).toMatchObject({
      columnIndex: 0,
      leftParamIndex: 1,
      leftType: '"INT"',
      rightParamIndex: 2,
      rightType: '"STRING"',
    });
    e = await errorOf(db.rows('SELECT stack(-1, 1, 2, 3)'));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE');
    expect(e.messageParameters).toMatchObject({ exprName: '`n`', currentValue: '-1' });
    e = await errorOf(db.rows('SELECT stack(1.1, 1, 2, 3)'));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE');
    e = await errorOf(db.rows('SELECT stack(n, a, b) FROM VALUES (1, 2, 3) AS t(n, a, b)'));
    expect(e.errorClass).toBe('DATATYPE_MISMATCH.NON_FOLDABLE_INPUT');
    e = await errorOf(db.rows('SELECT stack(1)'));
    expect(e.errorClass).toBe('WRONG_NUM_ARGS.WITHOUT_SUGGESTION');
  });
  it('keeps the input row under LATERAL VIEW OUTER (stack generates at least one row anyway)', async () => {
    expect(await db.rows("SELECT id, a FROM range(1) LATERAL VIEW OUTER stack(1, 'x') s AS a")).toEqual([
      [0n, 'x'],
    ]);
  });
});
