import { describe, expect, it } from 'vitest';
import { isLakesqlError, LakesqlError } from '../errors/index.js';
import { translateDuckDBError } from './duckdb-error.js';
import { EngineSession } from './engine-session.js';

describe('EngineSession', () => {
  it('configures the instance once, for every connection', async () => {
    const session = await EngineSession.create({
      memoryLimit: '512MB',
      threads: 1,
      timeZone: 'Europe/Paris',
    });
    try {
      const settings = `SELECT current_setting('TimeZone') AS tz, current_setting('default_null_order') AS nulls,
        current_setting('threads') AS threads, current_setting('autoload_known_extensions') AS autoload,
        current_setting('autoinstall_known_extensions') AS autoinstall`;
      const expected = {
        tz: 'Europe/Paris',
        nulls: 'NULLS_FIRST_ON_ASC_LAST_ON_DESC',
        threads: 1n,
        autoload: false,
        autoinstall: false,
      };
      expect((await session.all(settings))[0]).toEqual(expected);
      expect(
        await session.withConnection(async (c) => (await c.runAndReadAll(settings)).getRowObjectsJS()[0]),
      ).toEqual(expected);
      // Spark's null order: first when ascending, last when descending.
      const order = await session.all(
        `SELECT list(x ORDER BY x) AS asc_order, list(x ORDER BY x DESC) AS desc_order FROM (VALUES (1), (NULL), (2)) t(x)`,
      );
      expect(order[0]).toEqual({ asc_order: [null, 1, 2], desc_order: [2, 1, null] });
    } finally {
      session.close();
    }
  });

  it('turns DuckDB out-of-memory errors into MEMORY_LIMIT_EXCEEDED', async () => {
    const session = await EngineSession.create({ memoryLimit: '20MB', threads: 1 });
    try {
      await expect(
        session.all(`SELECT string_agg(md5(CAST(i AS VARCHAR)), ',') FROM range(3000000) r(i)`),
      ).rejects.toSatisfy((e: unknown) => isLakesqlError(e, 'MEMORY_LIMIT_EXCEEDED'));
    } finally {
      session.close();
    }
    const plain = new Error('not DuckDB text');
    expect(translateDuckDBError(plain)).toBe(plain);
    expect(translateDuckDBError(new Error('Out of Memory Error: x'))).toBeInstanceOf(LakesqlError);
  });

  it('refuses work after close', async () => {
    const session = await EngineSession.create();
    session.close();
    await expect(session.all('SELECT 1')).rejects.toThrow(/closed/);
  });
});
