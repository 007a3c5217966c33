/** SET / SET key / SET -v / RESET over the key registry, and the checks a value passes, with exact rows. */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeSession } from '../../api/lake-session.js';
import type { Value } from '../../types/value.js';
import { CONF_ENTRIES } from '../conf/conf-entries.js';
import type { SqlSession } from '../session/sql-session.js';

let lake: LakeSession;
let sql: SqlSession;
let warehouse: string;

async function rows(text: string): Promise<Value[][]> {
  const r = (await sql.execute(text)).at(-1)!;
  if (r.kind !== 'rows') throw new Error('expected rows');
  return r.rows;
}

async function engineMemoryLimit(): Promise<unknown> {
  return (await lake.engine.all("SELECT current_setting('memory_limit') AS m"))[0]!.m;
}

beforeAll(async () => {
  warehouse = join(await mkdtemp(join(tmpdir(), 'lakesql-set-')), 'warehouse');
  lake = await LakeSession.create({ warehouse });
  sql = lake.sqlSession;
});

afterAll(() => lake.close());

describe('SET', () => {
  it('SET key shows the value in effect: the default of a known key when unset, <undefined> for others', async () => {
    expect(await rows('SET spark.sql.sources.partitionOverwriteMode')).toEqual([
      ['spark.sql.sources.partitionOverwriteMode', 'static'],
    ]);
    expect(await rows('SET lakesql.dbfs.root')).toEqual([
      ['lakesql.dbfs.root', join(warehouse, '..', 'dbfs')],
    ]);
    expect(await rows('SET lakesql.engine.memoryLimit')).toEqual([['lakesql.engine.memoryLimit', '1GB']]);
    expect(await rows('SET spark.databricks.delta.commitInfo.userMetadata')).toEqual([
      ['spark.databricks.delta.commitInfo.userMetadata', '<undefined>'],
    ]);
    expect(await rows('SET some.other.key')).toEqual([['some.other.key', '<undefined>']]);
  });

  it('SET lists every key with a value; SET -v every registered key with its meaning', async () => {
    await sql.execute("SET some.key = 'x'; SET spark.databricks.delta.schema.autoMerge.enabled = true");
    try {
      const listed = await rows('SET');
      expect(listed.map((r) => r[0])).toEqual(
        [...CONF_ENTRIES.filter((e) => e.default !== undefined).map((e) => e.key), 'some.key'].sort(),
      );
      expect(listed).toContainEqual(['spark.databricks.delta.schema.autoMerge.enabled', 'true']);
      expect(listed).toContainEqual(['spark.sql.warehouse.dir', warehouse]);
      const result = (await sql.execute('SET -v'))[0]!;
      if (result.kind !== 'rows') throw new Error('expected rows');
      expect(result.columns.map((c) => c.name)).toEqual(['key', 'value', 'meaning']);
      expect(result.rows.length).toBe(CONF_ENTRIES.length);
      expect(result.rows).toContainEqual([
        'spark.databricks.delta.write.txnVersion',
        '<undefined>',
        'The version of the idempotent write named by txnAppId.',
      ]);
    } finally {
      await sql.execute('RESET some.key; RESET spark.databricks.delta.schema.autoMerge.enabled');
    }
  });

  it('a value of the wrong form is refused in one line with INVALID_CONF_VALUE and the key is unchanged', async () => {
    const cases: [string, string, string][] = [
      ['spark.sql.ansi.enabled', 'maybe', 'It should be boolean: true or false.'],
      ['lakesql.engine.memoryLimit', 'bogus', 'It should be a size: a number and a unit, e.g. 512MB or 4GB'],
      ['spark.sql.sources.partitionOverwriteMode', 'sometimes', 'It should be one of static, dynamic.'],
      ['spark.databricks.delta.write.txnVersion', 'seven', 'It should be a long integer.'],
      ['spark.sql.caseSensitive', 'true', 'It should be one of false.'],
    ];
    for (const [key, value, requirement] of cases) {
      const before = await rows(`SET ${key}`);
      const error = await sql.execute(`SET ${key} = ${value}`).catch((e: unknown) => e);
      expect(error).toMatchObject({
        errorClass: 'INVALID_CONF_VALUE.REQUIREMENT',
        sqlState: '22022',
        messageParameters: { confValue: value, confName: `"${key}"` },
      });
      expect((error as Error).message).toContain(
        `[INVALID_CONF_VALUE.REQUIREMENT] The value '${value}' in the config "${key}" is invalid. ${requirement}`,
      );
      expect((error as Error).message).not.toContain('\n');
      expect(await rows(`SET ${key}`)).toEqual(before);
    }
    await expect(sql.execute('SET spark.sql.session.timeZone = Bogus/Zone')).rejects.toMatchObject({
      errorClass: 'INVALID_CONF_VALUE.TIME_ZONE',
    });
  });

  it('the memory limit follows SET and RESET; the warehouse is static', async () => {
    await sql.execute('SET lakesql.engine.memoryLimit = 512MB');
    expect(await engineMemoryLimit()).toBe('488.2 MiB');
    await sql.execute('RESET lakesql.engine.memoryLimit');
    expect(await rows('SET lakesql.engine.memoryLimit')).toEqual([['lakesql.engine.memoryLimit', '1GB']]);
    expect(await engineMemoryLimit()).toBe('953.6 MiB');
    await expect(sql.execute("SET spark.sql.warehouse.dir = '/elsewhere'")).rejects.toMatchObject({
      errorClass: 'UNSUPPORTED_FEATURE',
    });
  });

  it("spark.conf.get gives a set value, else the caller's default, else the registered default", async () => {
    expect(lake.conf.get('spark.sql.sources.partitionOverwriteMode')).toBe('static');
    expect(lake.conf.get('spark.sql.sources.partitionOverwriteMode', 'dynamic')).toBe('dynamic');
    expect(lake.conf.get('spark.databricks.delta.write.txnAppId')).toBeUndefined();
    await lake.conf.set('spark.sql.sources.partitionOverwriteMode', 'DYNAMIC');
    expect(lake.conf.get('spark.sql.sources.partitionOverwriteMode', 'static')).toBe('DYNAMIC');
    await lake.conf.unset('spark.sql.sources.partitionOverwriteMode');
    await expect(lake.conf.set('spark.sql.ansi.enabled', 'yes')).rejects.toMatchObject({
      errorClass: 'INVALID_CONF_VALUE.REQUIREMENT',
    });
  });

  it('LakeSession.create checks its conf before the engine starts', async () => {
    await expect(
      LakeSession.create({ warehouse, conf: { 'lakesql.engine.memoryLimit': '12 parsecs' } }),
    ).rejects.toMatchObject({ errorClass: 'INVALID_CONF_VALUE.REQUIREMENT' });
    await expect(
      LakeSession.create({ warehouse, conf: { 'spark.sql.session.timeZone': 'Mars/Olympus' } }),
    ).rejects.toMatchObject({
      errorClass: 'INVALID_CONF_VALUE.TIME_ZONE',
      messageParameters: { confValue: 'Mars/Olympus', confName: 'spark.sql.session.timeZone' },
    });
  });
});
