/**
 * A Delta table with a VARIANT column: the variantType feature in the protocol (reader 3 / writer 7), data
 * files in Parquet's variant layout (a group of binary `metadata` and `value` in Spark's encoding), and rows
 * that read back as written, through INSERT, UPDATE, MERGE and CTAS.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const db = useSqlSession('lakesql-variant-table-');
const tableDir = (name: string) => path.join(db.dir, 'wh', name);

describe('a Delta table with a VARIANT column', () => {
  it('writes the variantType feature and Parquet’s variant group, and reads the values back', async () => {
    await db.session.execute(
      `CREATE TABLE events (id INT, v VARIANT);
       INSERT INTO events VALUES (1, parse_json('{"b": 1.50, "a": [1, "x", null]}')), (2, NULL),
                                 (3, parse_json('null')), (4, CAST(12345678901234567890 AS VARIANT))`,
    );
    const log = readFileSync(
      path.join(tableDir('events'), '_delta_log', '00000000000000000000.json'),
      'utf8',
    );
    const protocol = log
      .split('\n')
      .filter((l) => l.includes('"protocol"'))
      .map((l) => JSON.parse(l).protocol)[0];
    expect(protocol.minReaderVersion).toBe(3);
    expect(protocol.minWriterVersion).toBe(7);
    expect(protocol.readerFeatures).toContain('variantType');
    expect(protocol.writerFeatures).toContain('variantType');

    const files = readdirSync(tableDir('events')).filter((f) => f.endsWith('.parquet'));
    expect(files).toHaveLength(1);
    const schema = await db.engine.all(
      `SELECT name, type, num_children FROM parquet_schema('${path.join(tableDir('events'), files[0]!)}')`,
    );
    expect(schema.filter((c) => ['v', 'metadata', 'value'].includes(c.name as string))).toEqual([
      { name: 'v', type: null, num_children: 2n },
      { name: 'metadata', type: 'BYTE_ARRAY', num_children: null },
      { name: 'value', type: 'BYTE_ARRAY', num_children: null },
    ]);
    // Spark's bytes: metadata version 1 with the keys in the order first met ("b", "a").
    const raw = await db.engine.all(
      `SELECT hex(v.metadata) AS m FROM read_parquet('${path.join(tableDir('events'), files[0]!)}') WHERE id = 1`,
    );
    expect(raw).toEqual([{ m: '01020001026261' }]);

    expect(await db.rows('SELECT id, v, v:a[1]::string, is_variant_null(v) FROM events ORDER BY id')).toEqual(
      [
        [1, '{"a":[1,"x",null],"b":1.5}', 'x', false],
        [2, null, null, false],
        [3, 'null', null, true],
        [4, '12345678901234567890', null, false],
      ],
    );
  });

  it('rewrites variant values through UPDATE, MERGE and CREATE TABLE AS SELECT', async () => {
    await db.session.execute(
      `UPDATE events SET v = parse_json('{"k": 7}') WHERE id = 2;
       MERGE INTO events t USING (SELECT 3 AS id, parse_json('[true]') AS v) s ON t.id = s.id
         WHEN MATCHED THEN UPDATE SET v = s.v;
       CREATE TABLE copied AS SELECT id, v:k AS k FROM events WHERE id = 2`,
    );
    expect(await db.rows('SELECT id, to_json(v) FROM events WHERE id IN (2, 3) ORDER BY id')).toEqual([
      [2, '{"k":7}'],
      [3, '[true]'],
    ]);
    expect(await db.rows('SELECT id, k, schema_of_variant(k) FROM copied')).toEqual([[2, '7', 'BIGINT']]);
  });

  it('refuses a VARIANT nested in another column rather than storing another layout', async () => {
    const e = await errorOf(db.session.execute('CREATE TABLE nested (s STRUCT<x: VARIANT>)'));
    expect(e.errorClass).toBe('UNSUPPORTED_FEATURE');
  });
});
