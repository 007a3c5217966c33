/**
 * Catalog file tables through SQL: CREATE TABLE … USING csv|json|text|parquet|orc [OPTIONS] [PARTITIONED BY]
 * [LOCATION] [AS SELECT], SELECT with the OPTIONS applied, INSERT INTO / OVERWRITE; exact rows, the files
 * in the folder and their bytes, and the error classes.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorOf, useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-file-tables-');

const PART = /^part-00000-[0-9a-f-]{36}-c000/;

/** The folder's files, relative and sorted, with part-file names reduced to `part<ext>`. */
async function layout(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(folder, path.join(e.parentPath, e.name)))
    .map((f) => f.replace(/part-00000-[0-9a-f-]{36}-c000/, 'part'))
    .sort();
}

async function partTexts(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const parts = entries.filter((e) => e.isFile() && PART.test(e.name));
  return Promise.all(parts.map((e) => readFile(path.join(e.parentPath, e.name), 'utf8')));
}

const tableDir = (name: string) => path.join(fx.dir, 'wh', name);

describe('CSV tables', () => {
  it('CREATE … OPTIONS (header, sep), INSERT writes Spark CSV, SELECT reads with the options', async () => {
    await fx.session.execute(
      `CREATE TABLE c1 (id INT, name STRING, d DATE) USING CSV OPTIONS (header 'true', sep ';')`,
    );
    expect(await fx.rows(`SELECT * FROM c1`)).toEqual([]);
    expect(await fx.rows(`INSERT INTO c1 VALUES (1, 'a;b', DATE '2024-01-02'), (2, NULL, NULL)`)).toEqual([
      [2n, 2n],
    ]);
    expect(await layout(tableDir('c1'))).toEqual(['_SUCCESS', 'part.csv']);
    expect(await partTexts(tableDir('c1'))).toEqual(['id;name;d\n1;"a;b";2024-01-02\n2;;\n']);
    await fx.session.execute(`INSERT INTO c1 SELECT 3, 'c', DATE '2024-03-04'`);
    expect(await fx.rows(`SELECT id, name, d FROM c1 ORDER BY id`)).toEqual([
      [1, 'a;b', 19724],
      [2, null, null],
      [3, 'c', 19786],
    ]);
    expect(await layout(tableDir('c1'))).toEqual(['_SUCCESS', 'part.csv', 'part.csv']);
  });

  it('INSERT OVERWRITE replaces the data files', async () => {
    await fx.session.execute(`CREATE TABLE c2 (id INT) USING csv`);
    await fx.session.execute(`INSERT INTO c2 VALUES (1), (2)`);
    await fx.session.execute(`INSERT INTO c2 VALUES (3)`);
    expect(await fx.rows(`INSERT OVERWRITE c2 VALUES (9)`)).toEqual([[1n, 1n]]);
    expect(await fx.rows(`SELECT * FROM c2`)).toEqual([[9]]);
    expect(await layout(tableDir('c2'))).toEqual(['_SUCCESS', 'part.csv']);
  });

  it('a table over existing CSV files infers their schema with its OPTIONS', async () => {
    const ext = path.join(fx.dir, 'students');
    await mkdir(ext, { recursive: true });
    await writeFile(path.join(ext, 'a.csv'), 'StudentId,Name,Mark\n1,Ann,90\n2,Bob,75\n');
    await fx.session.execute(
      `CREATE TABLE students USING CSV OPTIONS (header 'true', inferSchema 'true') LOCATION '${ext}'`,
    );
    const describe = await fx.rows(`DESCRIBE TABLE students`);
    expect(describe.map((r) => `${r[0]} ${r[1]}`)).toEqual(['StudentId int', 'Name string', 'Mark int']);
    expect(await fx.rows(`SELECT Name, Mark FROM students WHERE Mark > 80`)).toEqual([['Ann', 90]]);
    // The files stay when an external table is dropped.
    await fx.session.execute(`DROP TABLE students`);
    expect(await layout(ext)).toEqual(['a.csv']);
  });
});

describe('JSON and text tables', () => {
  it('CTAS writes JSON lines and answers with the rows it wrote; reading goes through the table schema', async () => {
    expect(
      await fx.rows(
        `CREATE TABLE j1 USING JSON AS SELECT * FROM VALUES (1, 'x', array(1, 2)), (2, NULL, NULL) AS t(id, s, arr)`,
      ),
    ).toEqual([[2n, 2n]]);
    expect(await partTexts(tableDir('j1'))).toEqual(['{"id":1,"s":"x","arr":[1,2]}\n{"id":2}\n']);
    expect(await fx.rows(`SELECT id, s, arr FROM j1 ORDER BY id`)).toEqual([
      [1, 'x', [1, 2]],
      [2, null, null],
    ]);
  });

  it('a text table holds one string column, whatever it is called', async () => {
    await fx.session.execute(`CREATE TABLE t1 (line STRING) USING TEXT`);
    await fx.session.execute(`INSERT INTO t1 VALUES ('first'), ('second')`);
    expect(await partTexts(tableDir('t1'))).toEqual(['first\nsecond\n']);
    expect(await fx.rows(`SELECT line FROM t1 ORDER BY line`)).toEqual([['first'], ['second']]);
    const e = await errorOf(fx.session.execute(`CREATE TABLE t2 (a STRING, b STRING) USING TEXT`));
    expect(e.errorClass).toBe('_LEGACY_ERROR_TEMP_1290');
    expect(await fx.rows(`SHOW TABLES LIKE 't2'`)).toEqual([]);
  });
});

describe('Parquet tables', () => {
  it('PARTITIONED BY puts the partition columns last and writes Hive folders', async () => {
    await fx.session.execute(`CREATE TABLE p1 (a INT, p STRING, b DOUBLE) USING PARQUET PARTITIONED BY (p)`);
    expect((await fx.rows(`DESCRIBE TABLE p1`)).slice(0, 3).map((r) => r[0])).toEqual(['a', 'b', 'p']);
    await fx.session.execute(`INSERT INTO p1 VALUES (1, 1.5, 'x'), (2, 2.5, 'y'), (3, NULL, 'x')`);
    expect(await layout(tableDir('p1'))).toEqual([
      '_SUCCESS',
      'p=x/part.snappy.parquet',
      'p=y/part.snappy.parquet',
    ]);
    expect(await fx.rows(`SELECT * FROM p1 ORDER BY a`)).toEqual([
      [1, 1.5, 'x'],
      [2, 2.5, 'y'],
      [3, null, 'x'],
    ]);
    // A static partition spec replaces that partition only.
    await fx.session.execute(`INSERT OVERWRITE p1 PARTITION (p = 'x') VALUES (10, 0.5)`);
    expect(await fx.rows(`SELECT * FROM p1 ORDER BY a`)).toEqual([
      [2, 2.5, 'y'],
      [10, 0.5, 'x'],
    ]);
    expect(await layout(tableDir('p1'))).toEqual([
      '_SUCCESS',
      'p=x/part.snappy.parquet',
      'p=y/part.snappy.parquet',
    ]);
    // Without one (static mode), everything is replaced.
    await fx.session.execute(`INSERT OVERWRITE p1 VALUES (20, 1.0, 'z')`);
    expect(await fx.rows(`SELECT * FROM p1`)).toEqual([[20, 1, 'z']]);
    expect(await layout(tableDir('p1'))).toEqual(['_SUCCESS', 'p=z/part.snappy.parquet']);
  });

  it('CTAS with OPTIONS (compression) and a LOCATION', async () => {
    const loc = path.join(fx.dir, 'pq-ext');
    await fx.session.execute(
      `CREATE TABLE p2 USING parquet OPTIONS (compression 'zstd') LOCATION '${loc}' AS SELECT 1 AS id, 'q' AS s`,
    );
    expect(await layout(loc)).toEqual(['_SUCCESS', 'part.zstd.parquet']);
    expect(await fx.rows(`SELECT * FROM p2`)).toEqual([[1, 'q']]);
  });
});

describe('ORC tables', () => {
  it('CREATE … USING ORC, INSERT, PARTITIONED BY CTAS and INSERT OVERWRITE through the TypeScript ORC codec', async () => {
    await fx.session.execute(
      `CREATE TABLE o1 (StudentId INT, Name STRING, Subject STRING, Mark INT, d DATE, ts TIMESTAMP) USING ORC`,
    );
    await fx.session.execute(
      `INSERT INTO o1 VALUES (1, 'Ann', 'Math', 90, DATE'2024-01-02', TIMESTAMP'2024-01-02 10:11:12.5'),` +
        ` (2, NULL, 'Art', NULL, NULL, NULL)`,
    );
    expect(await layout(tableDir('o1'))).toEqual(['_SUCCESS', 'part.snappy.orc']);
    expect(
      await fx.rows(
        `SELECT StudentId, Name, Subject, Mark, CAST(d AS STRING), CAST(ts AS STRING) FROM o1 ORDER BY 1`,
      ),
    ).toEqual([
      [1, 'Ann', 'Math', 90, '2024-01-02', '2024-01-02 10:11:12.5'],
      [2, null, 'Art', null, null, null],
    ]);
    await fx.session.execute(
      `CREATE TABLE o2 USING ORC OPTIONS (compression 'zlib') PARTITIONED BY (Subject) AS SELECT StudentId, Mark, Subject FROM o1`,
    );
    expect(await layout(tableDir('o2'))).toEqual([
      'Subject=Art/part.zlib.orc',
      'Subject=Math/part.zlib.orc',
      '_SUCCESS',
    ]);
    await fx.session.execute(`INSERT OVERWRITE o2 PARTITION (Subject = 'Art') VALUES (3, 70)`);
    expect(await fx.rows(`SELECT * FROM o2 ORDER BY StudentId`)).toEqual([
      [1, 90, 'Math'],
      [3, 70, 'Art'],
    ]);
  });
});

describe('locations and metadata', () => {
  it('a dbfs:/ LOCATION lands under lakesql.dbfs.root; SHOW CREATE TABLE shows provider and OPTIONS', async () => {
    const root = path.join(fx.dir, 'dbfs-root');
    await fx.session.execute(`SET lakesql.dbfs.root = ${root}`);
    await fx.session.execute(
      `CREATE TABLE d1 (id INT, s STRING) USING csv OPTIONS (header 'true') LOCATION 'dbfs:/mnt/d1'`,
    );
    await fx.session.execute(`INSERT INTO d1 VALUES (1, 'x')`);
    expect(await layout(path.join(root, 'mnt', 'd1'))).toEqual(['_SUCCESS', 'part.csv']);
    expect(await fx.rows(`SELECT * FROM d1`)).toEqual([[1, 'x']]);
    const ddl = String((await fx.rows(`SHOW CREATE TABLE d1`))[0]![0]);
    expect(ddl).toContain('USING csv');
    expect(ddl).toContain(`'header' = 'true'`);
  });
});

describe('empty and missing folders', () => {
  it('a table whose folder is empty or was deleted reads as zero rows (Spark ignores a missing root)', async () => {
    await fx.session.execute(`CREATE TABLE e1 (a INT, p INT) USING csv PARTITIONED BY (p)`);
    expect(await fx.rows(`SELECT * FROM e1`)).toEqual([]);
    await fx.session.execute(`INSERT INTO e1 VALUES (1, 1)`);
    await rm(tableDir('e1'), { recursive: true, force: true });
    expect(await fx.rows(`SELECT a, p FROM e1`)).toEqual([]);
    await fx.session.execute(`INSERT INTO e1 VALUES (2, 2)`);
    expect(await fx.rows(`SELECT a, p FROM e1`)).toEqual([[2, 2]]);
  });
});

describe('errors', () => {
  it('INSERT of a wrong arity fails and writes nothing', async () => {
    await fx.session.execute(`CREATE TABLE r1 (a INT, b STRING) USING json`);
    await fx.session.execute(`INSERT INTO r1 VALUES (1, 'x')`);
    const before = await layout(tableDir('r1'));
    let e = await errorOf(fx.session.execute(`INSERT INTO r1 VALUES (1, 'x', 3)`));
    expect(e.errorClass).toBe('INSERT_COLUMN_ARITY_MISMATCH.TOO_MANY_DATA_COLUMNS');
    e = await errorOf(fx.session.execute(`INSERT OVERWRITE r1 VALUES (1)`));
    expect(e.errorClass).toBe('INSERT_COLUMN_ARITY_MISMATCH.NOT_ENOUGH_DATA_COLUMNS');
    e = await errorOf(fx.session.execute(`INSERT INTO r1 VALUES ('abc', 'y')`));
    expect(e.errorClass).toBe('CAST_INVALID_INPUT');
    expect(await layout(tableDir('r1'))).toEqual(before);
    expect(await fx.rows(`SELECT * FROM r1`)).toEqual([[1, 'x']]);
  });

  it('CREATE: existing names, columns a format cannot hold, unknown partition columns, no schema', async () => {
    await fx.session.execute(`CREATE TABLE x1 (a INT) USING csv`);
    expect((await errorOf(fx.session.execute(`CREATE TABLE x1 (a INT) USING csv`))).errorClass).toBe(
      'TABLE_OR_VIEW_ALREADY_EXISTS',
    );
    // IF NOT EXISTS leaves the table and its files as they were, even with AS SELECT.
    await fx.session.execute(`CREATE TABLE IF NOT EXISTS x1 USING csv AS SELECT 5 AS a`);
    expect(await fx.rows(`SELECT * FROM x1`)).toEqual([]);
    expect((await errorOf(fx.session.execute(`CREATE TABLE x2 (a ARRAY<INT>) USING csv`))).errorClass).toBe(
      'UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE',
    );
    const e = await errorOf(fx.session.execute(`CREATE TABLE x3 (a INT) USING csv PARTITIONED BY (q)`));
    expect(e.errorClass).toBe('COLUMN_NOT_DEFINED_IN_TABLE');
    expect(e.message).toContain(
      'partition column `q` is not defined in table `spark_catalog`.`default`.`x3`',
    );
    const empty = path.join(fx.dir, 'nothing-here');
    expect(
      (await errorOf(fx.session.execute(`CREATE TABLE x4 USING csv LOCATION '${empty}'`))).errorClass,
    ).toBe('UNABLE_TO_INFER_SCHEMA');
    expect(
      (await errorOf(fx.session.execute(`CREATE OR REPLACE TABLE x1 (a INT) USING csv`))).errorClass,
    ).toBe('UNSUPPORTED_FEATURE');
    expect(await fx.rows(`SHOW TABLES LIKE 'x[234]'`)).toEqual([]);
  });

  it('REPLACE WHERE is Delta only', async () => {
    await fx.session.execute(`CREATE TABLE r2 (a INT) USING parquet`);
    const e = await errorOf(fx.session.execute(`INSERT INTO r2 REPLACE WHERE a > 1 VALUES (2)`));
    expect(e.errorClass).toBe('UNSUPPORTED_FEATURE');
  });
});
