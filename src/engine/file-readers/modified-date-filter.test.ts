import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakesqlError } from '../../errors/index.js';
import { DataSourceOptions } from '../../formats/data-source-options.js';
import { EngineSession } from '../engine-session.js';
import { modifiedDateFilter } from './modified-date-filter.js';
import { readFilesSql } from './read-files.js';

const at = (iso: string) => Date.parse(iso);
const filter = (options: [string, string][], zone = 'UTC') =>
  modifiedDateFilter(new DataSourceOptions(options), zone)!;

describe('modifiedBefore / modifiedAfter', () => {
  it('keeps files modified strictly before / after the timestamp, read in the session zone', () => {
    const keepsBefore = filter([['modifiedBefore', '2024-01-01T00:00:00']]);
    expect(keepsBefore(at('2023-12-31T23:59:59Z'))).toBe(true);
    expect(keepsBefore(at('2024-01-01T00:00:00Z'))).toBe(false);
    const between = filter([
      ['modifiedAfter', '2024-01-01 00:00:00'],
      ['modifiedBefore', '2024-02-01T00:00:00'],
    ]);
    expect(
      [at('2024-01-01T00:00:00Z'), at('2024-01-15T00:00:00Z'), at('2024-02-02T00:00:00Z')].map(between),
    ).toEqual([false, true, false]);
    expect(modifiedDateFilter(new DataSourceOptions(), 'UTC')).toBeUndefined();
  });

  it('compares with the file time as a wall clock in the zone, as Spark does', () => {
    // 2024-01-01T00:00:00 in Los Angeles is 08:00Z; a file of 15:00Z reads as 07:00 there, so it counts as before.
    const keepsBefore = filter([['modifiedBefore', '2024-01-01T00:00:00']], 'America/Los_Angeles');
    expect(keepsBefore(at('2024-01-01T15:00:00Z'))).toBe(true);
    expect(keepsBefore(at('2024-01-01T16:30:00Z'))).toBe(false);
    // The timeZone option wins over the session zone.
    const utc = filter(
      [
        ['modifiedBefore', '2024-01-01T00:00:00'],
        ['timeZone', 'UTC'],
      ],
      'America/Los_Angeles',
    );
    expect(utc(at('2024-01-01T15:00:00Z'))).toBe(false);
  });

  it('refuses a timestamp it cannot read', () => {
    const e = (() => {
      try {
        filter([['modifiedAfter', 'yesterday']]);
      } catch (x) {
        return x;
      }
    })();
    expect(e).toBeInstanceOf(LakesqlError);
    expect((e as LakesqlError).errorClass).toBe('INVALID_OPTION_VALUE');
    expect((e as LakesqlError).message).toContain("'YYYY-MM-DDTHH:mm:ss'");
  });
});

describe('a read with modifiedAfter', () => {
  let engine: EngineSession;
  let dir: string;
  beforeAll(async () => {
    engine = await EngineSession.create();
    dir = await mkdtemp(path.join(tmpdir(), 'lakesql-modified-'));
  });
  afterAll(async () => {
    engine.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads only the files modified after the timestamp', async () => {
    await mkdir(path.join(dir, 'in'));
    for (const [name, when] of [
      ['old.csv', '2020-01-01T00:00:00Z'],
      ['new.csv', '2025-01-01T00:00:00Z'],
    ] as const) {
      const p = path.join(dir, 'in', name);
      await writeFile(p, `name\n${name}\n`);
      await utimes(p, new Date(when), new Date(when));
    }
    const read = await readFilesSql(engine, {
      format: 'csv',
      paths: [path.join(dir, 'in')],
      options: new DataSourceOptions([
        ['header', 'true'],
        ['modifiedAfter', '2024-06-01T00:00:00'],
      ]),
      dbfsRoot: dir,
    });
    expect(await engine.all(read.sql)).toEqual([{ name: 'new.csv' }]);
    await read.release?.();
  });
});
