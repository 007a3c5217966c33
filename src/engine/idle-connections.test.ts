import { describe, expect, it } from 'vitest';
import { isLakesqlError } from '../errors/index.js';
import { field, IntegerType, StringType, struct } from '../types/data-types.js';
import { EngineSession } from './engine-session.js';
import { readResult } from './result-reader.js';

describe('EngineSession.withQueryConnection', () => {
  it('hands a finished query’s connection to the next query, and never one whose query failed', async () => {
    const session = await EngineSession.create({ threads: 1 });
    try {
      const first = await session.withQueryConnection(async (c) => c);
      expect(await session.withQueryConnection(async (c) => c)).toBe(first);
      // Two queries at once each get a connection of their own.
      const [a, b] = await Promise.all([
        session.withQueryConnection(async (c) => c),
        session.withQueryConnection(async (c) => {
          await new Promise((r) => setTimeout(r, 5));
          return c;
        }),
      ]);
      expect(a).not.toBe(b);
      let broken: unknown;
      const failure = await session
        .withQueryConnection(async (c) => {
          broken = c;
          await c.run(`SELECT error('boom')`);
        })
        .catch((e: unknown) => e);
      expect(isLakesqlError(failure)).toBe(true);
      const next = [
        await session.withQueryConnection(async (c) => c),
        ...(await Promise.all([0, 1].map(() => session.withQueryConnection(async (c) => c)))),
      ];
      expect(next).not.toContain(broken);
    } finally {
      session.close();
    }
  });

  it('follows a time zone set after the connection was first opened', async () => {
    const session = await EngineSession.create({ threads: 1, timeZone: 'UTC' });
    try {
      const zone = struct([field('tz', StringType)]);
      expect(await readResult(session, `SELECT current_setting('TimeZone')`, zone)).toEqual([['UTC']]);
      await session.setTimeZone('Asia/Tokyo');
      expect(await readResult(session, `SELECT current_setting('TimeZone')`, zone)).toEqual([['Asia/Tokyo']]);
      const n = struct([field('n', IntegerType)]);
      expect(await readResult(session, 'SELECT 1::INTEGER', n)).toEqual([[1]]);
    } finally {
      session.close();
    }
  });
});
