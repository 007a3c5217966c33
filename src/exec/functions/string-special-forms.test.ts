/**
 * String functions whose rules are easy to get wrong: split's limit (Java String.split, the last part holding
 * the rest of the string), and the names Spark gives to the SQL special forms (POSITION … IN builds
 * StringLocate, SUBSTR … FROM builds Substring, TRIM(… FROM …) prints its trim string) and to btrim of BINARY.
 */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-string-forms-');

async function columns(sql: string): Promise<{ names: string[]; row: unknown[] }> {
  const [result] = await fixture.session.execute(sql);
  if (result?.kind !== 'rows') throw new Error('no rows');
  return { names: result.columns.map((c) => c.name), row: [...result.rows[0]!] };
}

describe('split with a limit', () => {
  it('caps the parts at a positive limit, the last holding the rest unsplit', async () => {
    expect(
      await fixture.rows(
        "SELECT split('aa1cc2ee3', '[1-9]+', 2), split('aa1cc2ee3', '[1-9]+', 1), split('aa1cc2ee3', '[1-9]+', 10), split('abc', '', 2), split('a,b,,', ',', 3), split('a,b,,', ',', 0)",
      ),
    ).toEqual([
      [
        ['aa', 'cc2ee3'],
        ['aa1cc2ee3'],
        ['aa', 'cc', 'ee', ''],
        ['a', 'bc'],
        ['a', 'b', ','],
        ['a', 'b', '', ''],
      ],
    ]);
  });

  it('is NULL when the string, the regex or the limit is NULL', async () => {
    expect(
      await fixture.rows("SELECT split('abc', NULL), split(NULL, ','), split('a,b', ',', NULL)"),
    ).toEqual([[null, null, null]]);
  });
});

describe("the names of SQL's string special forms", () => {
  it('names POSITION … IN as locate, and position/locate calls with their default start', async () => {
    const c = await columns(
      "SELECT position('bar' IN 'foobarbar'), position('b', 'abc'), locate('b', 'abc')",
    );
    expect(c.names).toEqual(['locate(bar, foobarbar, 1)', 'position(b, abc, 1)', 'locate(b, abc, 1)']);
    expect(c.row).toEqual([4, 2, 2]);
  });

  it('names SUBSTR … FROM as substring', async () => {
    const c = await columns(
      "SELECT substr('Spark SQL' FROM 5), substring('Spark SQL' FROM 5 FOR 1), substr('Spark SQL', 5)",
    );
    expect(c.names).toEqual([
      'substring(Spark SQL, 5, 2147483647)',
      'substring(Spark SQL, 5, 1)',
      'substr(Spark SQL, 5, 2147483647)',
    ]);
    expect(c.row).toEqual(['k SQL', 'k', 'k SQL']);
  });

  it('prints a trim string in TRIM(side chars FROM source)', async () => {
    const c = await columns(
      "SELECT trim('xyz' FROM 'yxTomxx'), trim(LEADING 'xy' FROM 'xyxXxy'), trim(TRAILING 'xy' FROM 'Xxy'), trim(' a ')",
    );
    expect(c.names).toEqual([
      'TRIM(BOTH xyz FROM yxTomxx)',
      'TRIM(LEADING xy FROM xyxXxy)',
      'TRIM(TRAILING xy FROM Xxy)',
      'trim( a )',
    ]);
    expect(c.row).toEqual(['Tom', 'Xxy', 'X', 'a']);
  });

  it('btrim casts BINARY arguments to STRING', async () => {
    expect(
      await fixture.rows(
        "SELECT btrim(encode(' xyz ', 'utf-8')), btrim(encode('yxTomxx', 'utf-8'), encode('xyz', 'utf-8')), typeof(btrim(X'20'))",
      ),
    ).toEqual([['xyz', 'Tom', 'string']]);
  });
});

// ConcatWs flattens arrays, skipping NULL elements and adding nothing for an empty array. A separator held in
// a column failed in DuckDB (array_to_string takes only a constant separator): found by the execution fuzz.
describe('concat_ws over arrays', () => {
  it('joins with a constant separator or one from a column', async () => {
    expect(
      await fixture.rows(
        `SELECT concat_ws(s, array('a', NULL, 'b'), array()), concat_ws(',', array()), concat_ws(',', array(NULL), 'x'),
           concat_ws(s, arr, array('')), concat_ws(s, arr)
         FROM VALUES ('a\\\\', array(1, 2)), (',', array(3)), (NULL, array(4)), ('-', NULL) AS t(s, arr)`,
      ),
    ).toEqual([
      ['aa\\b', '', 'x', '1a\\2a\\', '1a\\2'],
      ['a,b', '', 'x', '3,', '3'],
      [null, '', 'x', null, null],
      ['a-b', '', 'x', '', ''],
    ]);
  });
});

describe('overlay without a length', () => {
  it('is named with the -1 length that Overlay fills in', async () => {
    expect(await columns("SELECT overlay('Spark SQL', '_', 6), overlay('Spark SQL', 'ANSI ', 7, 0)")).toEqual(
      {
        names: ['overlay(Spark SQL, _, 6, -1)', 'overlay(Spark SQL, ANSI , 7, 0)'],
        row: ['Spark_SQL', 'Spark ANSI SQL'],
      },
    );
  });
});
