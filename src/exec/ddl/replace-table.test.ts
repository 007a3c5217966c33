/**
 * REPLACE TABLE / CREATE OR REPLACE TABLE over an existing Delta table (Delta's CreateDeltaTableCommand with
 * isReplace): the new schema, partitioning, properties and comment replace the old ones and every live file is
 * removed, in one commit named after the statement; history and the table id stay.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-replace-table-');
const sql = { execute: (text: string) => fx.session.execute(text) };
const rows = (text: string) => fx.rows(text);

/** The actions of one commit of a table stored at `location` (a file: URL or a path). */
async function commit(location: string, version: number): Promise<Record<string, Record<string, unknown>>> {
  const folder = location.replace(/^file:(\/\/)?/, '');
  const text = await readFile(
    join(folder, '_delta_log', `${String(version).padStart(20, '0')}.json`),
    'utf8',
  );
  return Object.assign(
    {},
    ...text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l)),
  );
}

async function locationOf(name: string): Promise<string> {
  const detail = (await sql.execute(`DESCRIBE DETAIL ${name}`)).at(-1)!;
  if (detail.kind !== 'rows') throw new Error('expected rows');
  return String(detail.rows[0]![detail.columns.findIndex((c) => c.name === 'location')]);
}

describe('REPLACE TABLE over an existing Delta table', () => {
  it('CREATE OR REPLACE TABLE … AS SELECT with another schema replaces schema, rows and partitioning', async () => {
    await sql.execute("CREATE TABLE r1 (id INT, name STRING) PARTITIONED BY (name) COMMENT 'old'");
    await sql.execute("INSERT INTO r1 VALUES (1, 'a'), (2, 'b')");
    const location = await locationOf('r1');
    const before = await commit(location, 0);
    await sql.execute("CREATE OR REPLACE TABLE r1 COMMENT 'new' AS SELECT 'x' AS code, 2.5D AS score");
    expect(await rows('SELECT * FROM r1')).toEqual([['x', 2.5]]);
    expect(await rows('DESCRIBE TABLE r1')).toEqual([
      ['code', 'string', null],
      ['score', 'double', null],
    ]);
    const replaced = await commit(location, 2);
    expect(replaced.commitInfo!.operation).toBe('CREATE OR REPLACE TABLE AS SELECT');
    expect(replaced.metaData!.id).toBe((before.metaData as { id: string }).id);
    expect(replaced.metaData!.partitionColumns).toEqual([]);
    expect(replaced.metaData!.description).toBe('new');
    const history = await rows('DESCRIBE HISTORY r1');
    expect(history.map((h) => h[0])).toEqual([2n, 1n, 0n]);
    expect(await rows('SELECT * FROM r1 VERSION AS OF 1 ORDER BY id')).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
  });

  it('REPLACE TABLE with columns replaces the properties and empties the table', async () => {
    await sql.execute("CREATE TABLE r2 (id INT) TBLPROPERTIES ('team' = 'red', 'delta.appendOnly' = 'true')");
    await sql.execute('INSERT INTO r2 VALUES (1)');
    await sql.execute("REPLACE TABLE r2 (id BIGINT, note STRING) TBLPROPERTIES ('owner' = 'ops')");
    expect(await rows('SELECT * FROM r2')).toEqual([]);
    const props = await rows('SHOW TBLPROPERTIES r2');
    expect(props.filter((p) => !String(p[0]).startsWith('delta.'))).toEqual([['owner', 'ops']]);
    expect(props.some((p) => p[0] === 'team')).toBe(false);
    expect(props.some((p) => p[0] === 'delta.appendOnly')).toBe(false);
    const replaced = await commit(await locationOf('r2'), 2);
    expect(replaced.commitInfo!.operation).toBe('REPLACE TABLE');
    expect(replaced.remove).toBeDefined();
    await sql.execute("INSERT INTO r2 VALUES (7, 'n')");
    expect(await rows('SELECT * FROM r2')).toEqual([[7n, 'n']]);
  });

  it('CREATE OR REPLACE TABLE delta.`/path` AS SELECT replaces a path table too', async () => {
    const path = join(fx.dir, 'path-table');
    await sql.execute(`CREATE TABLE delta.\`${path}\` AS SELECT 1 AS a`);
    await sql.execute(`CREATE OR REPLACE TABLE delta.\`${path}\` AS SELECT 'z' AS b, 3 AS c`);
    expect(await rows(`SELECT * FROM delta.\`${path}\``)).toEqual([['z', 3]]);
    expect((await commit(path, 1)).commitInfo!.operation).toBe('CREATE OR REPLACE TABLE AS SELECT');
  });
});

describe('REPLACE TABLE of a table that does not exist', () => {
  it('fails with CANNOT_REPLACE_MISSING_TABLE and creates nothing', async () => {
    await expect(sql.execute('REPLACE TABLE never_made (a INT)')).rejects.toMatchObject({
      errorClass: 'CANNOT_REPLACE_MISSING_TABLE',
      sqlState: '42P01',
      messageParameters: { relationName: '`default`.`never_made`' },
    });
    expect(await rows("SHOW TABLES LIKE 'never_made'")).toEqual([]);
  });
});
