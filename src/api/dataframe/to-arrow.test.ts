import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeSession } from '../lake-session.js';

let warehouse: string;
let spark: LakeSession;

beforeAll(async () => {
  warehouse = await mkdtemp(path.join(os.tmpdir(), 'lakesql-arrow-'));
  spark = await LakeSession.create({ warehouse });
});

afterAll(async () => {
  spark.stop();
  await rm(warehouse, { recursive: true, force: true });
});

describe('DataFrame.toArrow', () => {
  it('maps Spark types to Arrow types and keeps 64-bit values and microseconds exact', async () => {
    const df = await spark.sql(`SELECT * FROM VALUES
      (9223372036854775807L, 1.25BD, DATE '2024-02-29', TIMESTAMP '2024-01-01 00:00:00.123456Z', 'x', array(1, 2), named_struct('a', 1)),
      (NULL, NULL, NULL, NULL, NULL, NULL, NULL)
      AS t(l, d, dt, ts, s, arr, st)`);
    const table = await df.toArrow();
    expect(table.numRows).toBe(2);
    expect(table.schema.fields.map((f) => `${f.name}:${f.type}`)).toEqual([
      'l:Int64',
      'd:Decimal[3e+2]',
      'dt:Date32<DAY>',
      'ts:Timestamp<MICROSECOND, UTC>',
      's:Utf8',
      'arr:List<Int32>',
      'st:Struct<{a:Int32}>',
    ]);
    const row = table.get(0)!.toJSON();
    expect(row.l).toBe(9223372036854775807n);
    expect(table.getChild('ts')!.data[0]!.values[0]).toBe(1704067200123456n);
    expect(table.getChild('dt')!.data[0]!.values[0]).toBe(19782);
    expect(row.s).toBe('x');
    expect([...(row.arr as { toArray(): Int32Array }).toArray()]).toEqual([1, 2]);
    expect(table.get(1)!.toJSON().l).toBeNull();
  });
});
