/**
 * struct()'s field names as Spark's CreateStruct gives them: an alias's name, a column's or field's last
 * name part, col1, col2, … for anything else; `s.*` over a struct column expands to its fields; a field of
 * a computed struct is named by its pretty SQL (ResolveAliases on an ExtractValue).
 */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';
import { sparkTypeSql } from '../types/type-sql.js';

const db = useSqlSession('lakesql-struct-names-');
const T = "VALUES (1, named_struct('C', 'gamma', 'D', 'delta')) AS t(id, st)";

async function schemaOf(sql: string): Promise<string[]> {
  const results = await db.session.execute(sql);
  const last = results[results.length - 1]!;
  if (last.kind !== 'rows') throw new Error('no rows');
  return last.columns.map((c) => `${c.name}: ${sparkTypeSql(c.type)}`);
}

describe('struct field names', () => {
  it('come from aliases, columns and fields, else colN', async () => {
    expect(await schemaOf(`SELECT struct('a' AS x, id, st.C, 'b') s FROM ${T}`)).toEqual([
      's: STRUCT<x: STRING, id: INT, C: STRING, col4: STRING>',
    ]);
  });
  it('expand a struct column star to its fields', async () => {
    expect(await db.rows(`SELECT struct(st.*, CAST(id AS STRING) AS e).D FROM ${T}`)).toEqual([['delta']]);
    expect(await schemaOf(`SELECT struct(st.*) s FROM ${T}`)).toEqual(['s: STRUCT<C: STRING, D: STRING>']);
  });
  it('name a field of a computed struct by its SQL', async () => {
    expect(await schemaOf(`SELECT struct(st.C AS c1).c1, (st).D FROM ${T}`)).toEqual([
      'struct(st.C AS c1).c1: STRING',
      'D: STRING',
    ]);
  });
});
