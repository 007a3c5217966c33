/**
 * CREATE VIEW … DEFAULT COLLATION (Spark's ResolveDefaultStringTypes): the view's string literals and casts
 * to a plain STRING take the collation; table columns keep theirs; ALTER VIEW … AS keeps it.
 */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';
import { parseStatement } from '../../sql/index.js';
import { printStatement } from '../../sql/printer/index.js';

const db = useSqlSession('lakesql-default-collation-');

async function schemaOf(sql: string): Promise<string[]> {
  const results = await db.session.execute(sql);
  const last = results.at(-1)!;
  if (last.kind !== 'rows') throw new Error('no rows');
  return last.columns.map(
    (c) => `${c.name}:${c.type.kind === 'primitive' ? (c.type.collation ?? c.type.name) : c.type.kind}`,
  );
}

describe('CREATE VIEW … DEFAULT COLLATION', () => {
  it('parses and prints the clause with the normalized name', () => {
    const stmt = parseStatement('CREATE VIEW v DEFAULT COLLATION utf8_lcase AS SELECT 1');
    expect(stmt.kind === 'createView' && stmt.defaultCollation).toBe('UTF8_LCASE');
    expect(printStatement(stmt)).toBe('CREATE VIEW `v` DEFAULT COLLATION UTF8_LCASE AS SELECT 1');
  });

  it('collates the literals of a persistent view, which compare under it inside and outside', async () => {
    await db.rows(
      "CREATE VIEW lv DEFAULT COLLATION UTF8_LCASE AS SELECT 'a' AS c1, CASE WHEN 'b' = 'B' THEN 'x' END AS c2, 'c'",
    );
    expect(await db.rows("SELECT count(*) FROM lv WHERE c1 = 'A'")).toEqual([[1n]]);
    expect(await db.rows('SELECT c2, collation(c2) FROM lv')).toEqual([['x', 'SYSTEM.BUILTIN.UTF8_LCASE']]);
    expect(await schemaOf('SELECT * FROM lv')).toEqual([
      'c1:UTF8_LCASE',
      'c2:UTF8_LCASE',
      "'c' collate UTF8_LCASE:UTF8_LCASE",
    ]);
  });

  it('leaves table columns and explicitly collated casts alone, and casts to STRING take it', async () => {
    await db.rows('CREATE TABLE dct (s STRING, n INT) USING delta');
    await db.rows("INSERT INTO dct VALUES ('A', 1)");
    await db.rows(
      'CREATE TEMPORARY VIEW tv DEFAULT COLLATION UTF8_LCASE AS SELECT s, CAST(n AS STRING) AS t, CAST(s AS STRING COLLATE UNICODE) AS b FROM dct',
    );
    expect(await schemaOf('SELECT * FROM tv')).toEqual(['s:string', 't:UTF8_LCASE', 'b:UNICODE']);
    expect(await db.rows("SELECT count(*) FROM tv WHERE s = 'a'")).toEqual([[0n]]);
  });

  it('is kept by ALTER VIEW … AS, for temporary and persistent views', async () => {
    await db.rows('CREATE TEMPORARY VIEW av DEFAULT COLLATION UTF8_LCASE AS SELECT 1');
    await db.rows("ALTER VIEW av AS SELECT 'c' AS c3 WHERE 'a' = 'A'");
    expect(await db.rows('SELECT c3, collation(c3) FROM av')).toEqual([['c', 'SYSTEM.BUILTIN.UTF8_LCASE']]);
    await db.rows('CREATE VIEW pv DEFAULT COLLATION UTF8_LCASE AS SELECT 1');
    await db.rows("ALTER VIEW pv AS SELECT 'c' AS c3 WHERE 'a' = 'A'");
    expect(await db.rows('SELECT collation(c3) FROM pv')).toEqual([['SYSTEM.BUILTIN.UTF8_LCASE']]);
  });

  it('does not reach a view read by one that has a default collation', async () => {
    await db.rows("CREATE TEMPORARY VIEW inner_v AS SELECT 'a' AS x");
    await db.rows(
      "CREATE TEMPORARY VIEW outer_v DEFAULT COLLATION UTF8_LCASE AS SELECT x, 'b' AS y FROM inner_v",
    );
    expect(await db.rows('SELECT collation(x), collation(y) FROM outer_v')).toEqual([
      ['SYSTEM.BUILTIN.UTF8_BINARY', 'SYSTEM.BUILTIN.UTF8_LCASE'],
    ]);
  });
});
