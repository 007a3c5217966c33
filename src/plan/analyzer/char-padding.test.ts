/** CHAR(n) columns read padded and compare padded (Spark's ApplyCharTypePadding), on parquet and Delta tables. */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../../exec/session/testing/sql-session-fixture.js';

const s = useSqlSession('lakesql-char-padding-');

describe('CHAR read-side padding', () => {
  it('pads CHAR values to their length on read, leaves VARCHAR and STRING alone', async () => {
    await s.rows(`CREATE TABLE cp (c CHAR(4), v VARCHAR(4), s STRING) USING parquet;
      INSERT INTO cp VALUES ('a', 'a', 'a'), ('abcd', 'ab ', NULL), (NULL, NULL, 'x')`);
    expect(await s.rows('SELECT c, v, s, length(c) FROM cp ORDER BY s NULLS FIRST')).toEqual([
      ['abcd', 'ab ', null, 4],
      ['a   ', 'a', 'a', 4],
      [null, null, 'x', null],
    ]);
  });

  it('pads on Delta tables too, and keeps the column name', async () => {
    await s.rows(`CREATE TABLE cd (c CHAR(3)) USING delta; INSERT INTO cd VALUES ('z')`);
    expect(await s.rows('SELECT c, c || "|" FROM cd')).toEqual([['z  ', 'z  |']]);
    // DescribeQueryCommand prints the analyzed schema, where CHAR is string.
    expect(await s.rows('DESCRIBE QUERY SELECT c FROM cd')).toEqual([['c', 'string', null]]);
  });

  it('compares a CHAR column with a constant or a longer CHAR at the longer length', async () => {
    await s.rows(`CREATE TABLE cc (c3 CHAR(3), c5 CHAR(5), s STRING) USING parquet;
      INSERT INTO cc VALUES ('ab', 'ab', 'ab'), ('abc', 'abc  ', 'abc')`);
    expect(await s.rows(`SELECT c3 FROM cc WHERE c3 = 'ab' ORDER BY 1`)).toEqual([['ab ']]);
    expect(await s.rows(`SELECT c3 FROM cc WHERE c3 = 'abc      ' ORDER BY 1`)).toEqual([['abc']]);
    expect(await s.rows(`SELECT c3 = c5, upper(c3) = upper(c5), c3 = s FROM cc ORDER BY s`)).toEqual([
      [true, false, false],
      [true, false, true],
    ]);
  });

  it('pads whatever readSideCharPadding says (lakesql never pads on write); not with charVarcharAsString', async () => {
    await s.rows(`CREATE TABLE cl (c CHAR(3)) USING parquet; INSERT INTO cl VALUES ('q')`);
    await s.rows(`SET spark.sql.readSideCharPadding = false`);
    expect(await s.rows('SELECT c FROM cl')).toEqual([['q  ']]);
    await s.rows(`SET spark.sql.readSideCharPadding = true; SET spark.sql.legacy.charVarcharAsString = true`);
    expect(await s.rows('SELECT c FROM cl')).toEqual([['q']]);
    expect(await s.rows(`SELECT c FROM cl WHERE c = 'q  '`)).toEqual([]);
    await s.rows(`SET spark.sql.legacy.charVarcharAsString = false`);
  });
});
