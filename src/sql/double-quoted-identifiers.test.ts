/**
 * spark.sql.ansi.doubleQuotedIdentifiers: `"…"` lexes as a quoted identifier (with `""` for a quote) when the
 * parse options ask for it, as a string literal otherwise; names whose grammar takes only an identifier refuse
 * a string.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../exec/session/testing/sql-session-fixture.js';
import { tokenize } from './lexer.js';
import { parseStatement } from './parse.js';

const fx = useSqlSession('lakesql-double-quoted-');

describe('double-quoted identifiers', () => {
  it('lexes "…" as an identifier only when asked', () => {
    expect(tokenize('"a""b"').map((t) => [t.type, t.value])).toEqual([
      ['string', 'a"b'],
      ['eof', ''],
    ]);
    expect(tokenize('"a""b"', { doubleQuotedIdentifiers: true }).map((t) => [t.type, t.value])).toEqual([
      ['quoted', 'a"b'],
      ['eof', ''],
    ]);
  });

  it('refuses a string where only an identifier names the object', () => {
    for (const sql of [
      'DROP TABLE "t"',
      'CREATE SCHEMA "s"',
      'ALTER TABLE "t" ADD COLUMN c INT',
      "USE 's'",
    ]) {
      expect(() => parseStatement(sql)).toThrow(/PARSE_SYNTAX_ERROR/);
    }
  });

  it('follows the session setting, under ANSI mode only', async () => {
    await fx.session.setConf('spark.sql.ansi.doubleQuotedIdentifiers', 'true');
    try {
      expect(await fx.rows('SELECT "a" FROM VALUES (1) AS "t"("a")')).toEqual([[1]]);
      const e = await errorOf(fx.session.execute('SELECT "hello"'));
      expect(e.errorClass).toBe('UNRESOLVED_COLUMN.WITHOUT_SUGGESTION');
      await fx.session.setConf('spark.sql.ansi.enabled', 'false');
      expect(await fx.rows('SELECT "hello"')).toEqual([['hello']]);
    } finally {
      await fx.session.setConf('spark.sql.ansi.enabled', 'true');
      await fx.session.setConf('spark.sql.ansi.doubleQuotedIdentifiers', 'false');
    }
  });
});
