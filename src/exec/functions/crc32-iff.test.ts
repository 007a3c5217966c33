/** crc32 as Spark computes it (java.util.zip.CRC32 as an unsigned long), and Databricks' iff alias of if. */
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const db = useSqlSession('lakesql-crc32-');

describe('crc32', () => {
  it('hashes strings and binaries to an unsigned 32-bit BIGINT; NULL stays NULL', async () => {
    expect(
      await db.rows(
        "SELECT crc32('Spark'), crc32(CAST('ABC' AS BINARY)), crc32(''), crc32(NULL), typeof(crc32('a'))",
      ),
    ).toEqual([[1557323817n, 2743272264n, 0n, null, 'bigint']]);
  });
  it('runs over a column', async () => {
    expect(await db.rows('SELECT sum(crc32(CAST(id AS STRING))) FROM range(3)')).toEqual([
      [BigInt(0xf4dbdf21) + BigInt(0x83dcefb7) + BigInt(0x1ad5be0d)],
    ]);
  });
});

describe('iff', () => {
  it('is if under Databricks name', async () => {
    expect(await db.rows("SELECT iff(1 > 0, 'y', 'n'), iff(NULL, 1, 2)")).toEqual([['y', 2]]);
  });
});
