/**
 * encode/decode in a named charset (Spark's Encode and StringDecode through CharsetProvider): Spark 4's seven
 * charsets unless spark.sql.legacy.javaCharsets, Java's encoders' bytes (UTF-16 with a big-endian mark), and
 * MALFORMED_CHARACTER_CODING for what a charset cannot code unless spark.sql.legacy.codingErrorAction.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isLakesqlError } from '../../errors/index.js';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fixture = useSqlSession('lakesql-charsets-');

const hex = (v: unknown) => Buffer.from(v as Uint8Array).toString('hex');

async function failure(sql: string): Promise<{ errorClass: string; params: Record<string, unknown> }> {
  const error = await fixture.session.execute(sql).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isLakesqlError(error)) throw new Error(`expected a LakesqlError, got ${String(error)}`);
  return { errorClass: error.errorClass, params: { ...error.messageParameters } };
}

afterEach(async () => {
  await fixture.session.execute('SET spark.sql.legacy.javaCharsets = false');
  await fixture.session.execute('SET spark.sql.legacy.codingErrorAction = false');
});

describe('encode', () => {
  it("writes Java's bytes for each of Spark's charsets, from a literal or a column", async () => {
    const [row] = await fixture.rows(
      "SELECT encode('aé', 'UTF-16'), encode('aé', 'utf-16le'), encode('aé', 'UTF-16BE'), encode('a', 'UTF-32'), encode('aé', 'ISO-8859-1'), encode('ab', 'US-ASCII'), encode('é', 'utf-8')",
    );
    expect(row?.map(hex)).toEqual([
      'feff006100e9',
      '6100e900',
      '006100e9',
      '00000061',
      '61e9',
      '6162',
      'c3a9',
    ]);
    const [fromColumn] = await fixture.rows("SELECT encode(s, c) FROM VALUES ('aé', 'UTF-16LE') AS t(s, c)");
    expect(fromColumn?.map(hex)).toEqual(['6100e900']);
  });

  it('refuses a charset outside Spark 4’s list, and any Java charset passes with legacy.javaCharsets', async () => {
    for (const sql of [
      "SELECT encode('hello', 'WINDOWS-1252')",
      "SELECT encode(s, c) FROM VALUES ('hello', 'Windows-xxx') AS t(s, c)",
    ]) {
      const { errorClass, params } = await failure(sql);
      expect(errorClass).toBe('INVALID_PARAMETER_VALUE.CHARSET');
      expect(params.functionName).toBe('`encode`');
      expect(params.charsets).toBe('iso-8859-1, us-ascii, utf-16, utf-16be, utf-16le, utf-32, utf-8');
    }
    await fixture.session.execute('SET spark.sql.legacy.javaCharsets = true');
    const [row] = await fixture.rows("SELECT encode('h€', 'WINDOWS-1252')");
    expect(row?.map(hex)).toEqual(['6880']);
    expect((await failure("SELECT encode('h', 'Windows-xxx')")).errorClass).toBe(
      'INVALID_PARAMETER_VALUE.CHARSET',
    );
  });

  it('fails on a character the charset cannot hold, or writes ? with legacy.codingErrorAction', async () => {
    expect(await failure("SELECT encode('a渭', 'US-ASCII')")).toEqual({
      errorClass: 'MALFORMED_CHARACTER_CODING',
      params: { function: '`encode`', charset: 'US-ASCII' },
    });
    await fixture.session.execute('SET spark.sql.legacy.codingErrorAction = true');
    const [row] = await fixture.rows("SELECT encode('a渭😀', 'US-ASCII'), encode('é渭', 'ISO-8859-1')");
    expect(row?.map(hex)).toEqual(['613f3f', 'e93f']);
  });

  it('is NULL for a NULL string or charset', async () => {
    expect(await fixture.rows("SELECT encode(NULL, 'UTF-16'), encode('a', CAST(NULL AS STRING))")).toEqual([
      [null, null],
    ]);
  });
});

describe('decode', () => {
  it("reads each of Spark's charsets, byte-order marks included", async () => {
    expect(
      await fixture.rows(
        "SELECT decode(X'FEFF006100E9', 'UTF-16'), decode(X'FFFE6100E900', 'utf-16'), decode(X'00000061', 'UTF-32'), decode(X'61E9', 'ISO-8859-1'), decode(encode('大千世界', 'utf-32'), 'utf-32')",
      ),
    ).toEqual([['aé', 'aé', 'a', 'aé', '大千世界']]);
  });

  it('fails on bytes the charset cannot read, or gives U+FFFD with legacy.codingErrorAction', async () => {
    for (const [sql, charset] of [
      ["SELECT decode(X'61E5', 'US-ASCII')", 'US-ASCII'],
      ["SELECT decode(X'61FF', 'UTF-8')", 'UTF-8'],
      ["SELECT decode(X'0061FF', 'UTF-16BE')", 'UTF-16BE'],
      ["SELECT decode(X'00110000', 'UTF-32')", 'UTF-32'],
    ] as const) {
      expect(await failure(sql)).toEqual({
        errorClass: 'MALFORMED_CHARACTER_CODING',
        params: { function: '`decode`', charset },
      });
    }
    await fixture.session.execute('SET spark.sql.legacy.codingErrorAction = true');
    expect(await fixture.rows("SELECT decode(X'61E5', 'US-ASCII'), decode(X'61FF', 'utf-8')")).toEqual([
      ['a\ufffd', 'a\ufffd'],
    ]);
  });

  it('refuses a charset outside Spark 4’s list unless legacy.javaCharsets', async () => {
    const { errorClass, params } = await failure("SELECT decode(X'68', 'WINDOWS-1252')");
    expect(errorClass).toBe('INVALID_PARAMETER_VALUE.CHARSET');
    expect(params.functionName).toBe('`decode`');
    await fixture.session.execute('SET spark.sql.legacy.javaCharsets = true');
    expect(await fixture.rows("SELECT decode(X'6880', 'WINDOWS-1252')")).toEqual([['h€']]);
  });
});
