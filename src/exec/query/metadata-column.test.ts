import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeSession } from '../../api/lake-session.js';
import type { AddFile } from '../../delta/actions.js';
import { fileMetadataType } from '../../types/file-metadata.js';
import type { StructValue, Value } from '../../types/value.js';
import { type DmlTestKit, dmlTestKit } from '../dml/testing/dml-test-kit.js';

let kit: DmlTestKit;
beforeAll(async () => {
  kit = await dmlTestKit();
});
afterAll(async () => kit.close());

const fieldsOf = (v: Value) => (v as StructValue).fields;

/** What `_metadata` holds for a row of this add action, at this row index. */
function expected(root: string, add: AddFile, rowIndex: number): Record<string, Value> {
  return {
    file_path: `${root.replace(/^file:\/\/\//, 'file:/')}${add.path}`,
    file_name: add.path.slice(add.path.lastIndexOf('/') + 1),
    file_size: BigInt(add.size),
    file_block_start: 0n,
    file_block_length: BigInt(add.size),
    file_modification_time: BigInt(add.modificationTime) * 1000n,
    row_index: BigInt(rowIndex),
  };
}

describe('the hidden _metadata column of Delta tables', () => {
  it('gives each row its file facts from the add action and its position in the file', async () => {
    await kit.run('CREATE TABLE md1 (id INT, v STRING) USING DELTA');
    await kit.run(`INSERT INTO md1 VALUES (1, 'a'), (2, 'b'), (3, 'c')`);
    await kit.run(`INSERT INTO md1 VALUES (4, 'd')`);
    const root = (await kit.store('md1')).rootUrl;
    const adds = await kit.files('md1');
    const rows = await kit.rows('SELECT id, _metadata FROM md1 ORDER BY id');
    const fileOf = (id: number) =>
      adds.find((a) => a.stats?.includes(`"minValues":{"id":${id <= 3 ? 1 : 4}`))!;
    expect(rows.map((r) => [r[0], fieldsOf(r[1]!)])).toEqual([
      [1, expected(root, fileOf(1), 0)],
      [2, expected(root, fileOf(2), 1)],
      [3, expected(root, fileOf(3), 2)],
      [4, expected(root, fileOf(4), 0)],
    ]);
  });

  it('is not part of *, and its fields are reachable by name and by qualifier', async () => {
    const star = await kit.session.execute('SELECT * FROM md1 WHERE id = 4');
    expect(star[0]!.kind === 'rows' && star[0]!.columns.map((c) => c.name)).toEqual(['id', 'v']);
    const adds = await kit.files('md1');
    const four = adds.find((a) => a.stats?.includes('"minValues":{"id":4'))!;
    expect(
      await kit.rows(
        'SELECT *, _metadata.file_name, t._metadata.file_size, _metadata.row_index FROM md1 AS t WHERE id = 4',
      ),
    ).toEqual([[4, 'd', four.path, BigInt(four.size), 0n]]);
    const typed = await kit.session.execute('SELECT _metadata FROM md1 LIMIT 0');
    // struct<file_path: string, file_name: string, file_size: bigint, file_block_start: bigint,
    // file_block_length: bigint, file_modification_time: timestamp, row_index: bigint>
    expect(typed[0]!.kind === 'rows' && typed[0]!.columns[0]!.type).toEqual(fileMetadataType(true));
  });

  it('works on a table read by path and under a column alias list', async () => {
    const root = (await kit.store('md1')).rootUrl;
    const path = root.replace(/^file:\/\//, '').replace(/\/$/, '');
    const rows = await kit.rows(
      `SELECT x, _metadata.row_index FROM delta.\`${path}\` AS t(x, y) WHERE x IN (2, 4) ORDER BY x`,
    );
    expect(rows).toEqual([
      [2, 1n],
      [4, 0n],
    ]);
  });

  it('keeps physical row positions after a DELETE with deletion vectors', async () => {
    await kit.run(
      `CREATE TABLE md2 (id INT) USING DELTA TBLPROPERTIES ('delta.enableDeletionVectors' = true)`,
    );
    await kit.run('INSERT INTO md2 VALUES (10), (11), (12), (13), (14)');
    await kit.run('DELETE FROM md2 WHERE id IN (11, 13)');
    const [add] = await kit.files('md2');
    expect(add!.deletionVector?.cardinality).toBe(2);
    expect(
      await kit.rows('SELECT id, _metadata.row_index, _metadata.file_name FROM md2 ORDER BY id'),
    ).toEqual([
      [10, 0n, add!.path],
      [12, 2n, add!.path],
      [14, 4n, add!.path],
    ]);
  });

  it('resolves in ORDER BY, and is neither a NATURAL JOIN key nor unambiguous across two tables', async () => {
    expect(await kit.rows('SELECT id FROM md1 ORDER BY _metadata.row_index DESC, id')).toEqual([
      [3],
      [2],
      [1],
      [4],
    ]);
    expect(
      await kit.rows('SELECT a.id, b._metadata.row_index FROM md1 AS a NATURAL JOIN md1 AS b WHERE a.id = 2'),
    ).toEqual([[2, 1n]]);
    expect(await kit.errorClassOf('SELECT _metadata FROM md1 AS a JOIN md1 AS b ON a.id = b.id')).toBe(
      'AMBIGUOUS_REFERENCE',
    );
  });

  it('gives input_file_name() the file path over one file relation, else the empty string', async () => {
    const root = (await kit.store('md1')).rootUrl.replace(/^file:\/\/\//, 'file:/');
    const four = (await kit.files('md1')).find((a) => a.stats?.includes('"minValues":{"id":4'))!;
    expect(await kit.rows('SELECT id, input_file_name() FROM md1 WHERE id = 4')).toEqual([
      [4, `${root}${four.path}`],
    ]);
    expect(await kit.rows('SELECT input_file_name() FROM range(1)')).toEqual([['']]);
    expect(
      await kit.rows('SELECT input_file_name() FROM md1 AS a JOIN md1 AS b ON a.id = b.id WHERE a.id = 4'),
    ).toEqual([['']]);
  });

  it('is typed on a table with no files', async () => {
    await kit.run('CREATE TABLE md4 (id INT) USING DELTA');
    expect(await kit.rows('SELECT id, _metadata FROM md4')).toEqual([]);
  });

  it('loses to a real column of that name', async () => {
    await kit.run('CREATE TABLE md3 (id INT, _metadata STRING) USING DELTA');
    await kit.run(`INSERT INTO md3 VALUES (1, 'mine')`);
    expect(await kit.rows('SELECT _metadata FROM md3')).toEqual([['mine']]);
    expect(await kit.rows('SELECT * FROM md3')).toEqual([[1, 'mine']]);
  });

  it('is unresolved on relations that are not files', async () => {
    expect(await kit.errorClassOf('SELECT _metadata FROM range(3)')).toBe(
      'UNRESOLVED_COLUMN.WITH_SUGGESTION',
    );
    expect(await kit.errorClassOf('SELECT _metadata FROM VALUES (1) AS v(a)')).toBe(
      'UNRESOLVED_COLUMN.WITH_SUGGESTION',
    );
    expect(await kit.errorClassOf('SELECT m._metadata FROM (SELECT * FROM md1) AS m')).toBe(
      'UNRESOLVED_COLUMN.WITH_SUGGESTION',
    );
  });
});

describe('the hidden _metadata column of Parquet files', () => {
  it('gives each row its file facts from the listing, by table, by path and through read_files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lakesql-md-'));
    try {
      const loc = join(dir, 'p1');
      await kit.run(
        `CREATE TABLE mdp USING parquet LOCATION '${loc}' AS SELECT * FROM VALUES (1), (2), (3) AS v(id)`,
      );
      await kit.run('INSERT INTO mdp VALUES (7)');
      const files = (await readdir(loc)).filter((f) => f.endsWith('.parquet'));
      expect(files).toHaveLength(2);
      const facts = await Promise.all(
        files.map(async (name) => {
          const s = await stat(join(loc, name));
          return { name, size: BigInt(s.size), modified: BigInt(Math.floor(s.mtimeMs)) * 1000n };
        }),
      );
      const counts = await Promise.all(
        files.map(
          async (name) => (await kit.rows(`SELECT count(*) FROM parquet.\`${join(loc, name)}\``))[0]![0],
        ),
      );
      const one = facts[counts.indexOf(3n)]!;
      const seven = facts.find((f) => f !== one)!;
      const expectedRows = [
        [1, `file:${loc}/${one.name}`, one.name, one.size, 0n, one.size, one.modified, 0n],
        [2, `file:${loc}/${one.name}`, one.name, one.size, 0n, one.size, one.modified, 1n],
        [3, `file:${loc}/${one.name}`, one.name, one.size, 0n, one.size, one.modified, 2n],
        [7, `file:${loc}/${seven.name}`, seven.name, seven.size, 0n, seven.size, seven.modified, 0n],
      ];
      const list = `_metadata.file_path, _metadata.file_name, _metadata.file_size, _metadata.file_block_start,
        _metadata.file_block_length, _metadata.file_modification_time, _metadata.row_index`;
      expect(await kit.rows(`SELECT id, ${list} FROM mdp ORDER BY id`)).toEqual(expectedRows);
      expect(await kit.rows(`SELECT id, ${list} FROM parquet.\`${loc}\` ORDER BY id`)).toEqual(expectedRows);
      expect(
        await kit.rows(`SELECT id, ${list} FROM read_files('${loc}', format => 'parquet') ORDER BY id`),
      ).toEqual(expectedRows);
      expect(await kit.rows('SELECT * FROM mdp ORDER BY id')).toEqual([[1], [2], [3], [7]]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('_metadata through the DataFrame API', () => {
  it('is selectable from spark.table() and not among its columns', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lakesql-md-df-'));
    const spark = await LakeSession.builder()
      .config('spark.sql.warehouse.dir', join(dir, 'w'))
      .withOutput(() => {})
      .getOrCreate();
    try {
      await spark.sql('CREATE TABLE t (id INT) USING DELTA');
      await spark.sql('INSERT INTO t VALUES (1), (2)');
      const df = (await spark.table('t')).selectExpr('_metadata.row_index', '*');
      expect(await df.dtypes()).toEqual([
        ['row_index', 'bigint'],
        ['id', 'int'],
      ]);
      expect(await (await spark.table('t')).dtypes()).toEqual([['id', 'int']]);
    } finally {
      spark.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
