import { beforeAll, describe, expect, it } from 'vitest';
import { parseStatement } from '../../sql/index.js';
import { StringType } from '../../types/data-types.js';
import { compileQuery } from '../query/run-query.js';
import { useSqlSession } from '../session/testing/sql-session-fixture.js';

const fx = useSqlSession('lakesql-explain-');

async function explain(sql: string): Promise<string> {
  const results = await fx.session.execute(sql);
  expect(results).toHaveLength(1);
  const result = results[0]!;
  if (result.kind !== 'rows') throw new Error('EXPLAIN returned no rows');
  expect(result.columns).toEqual([{ name: 'plan', type: StringType, nullable: true }]);
  expect(result.rows).toHaveLength(1);
  return String(result.rows[0]![0]);
}

const headers = (text: string) => text.match(/^== .* ==$/gm);

/** The body of one `== name ==` section. */
function section(text: string, name: string): string {
  const parts = text.split(/^== (.*) ==\n/m);
  const i = parts.indexOf(name);
  if (i < 0) throw new Error(`no section ${name} in\n${text}`);
  return parts[i + 1]!.replace(/\n+$/, '');
}

/** Scratch tables of a scan are named per scan; everything else of two compilations must agree. */
const withoutScratchNames = (sql: string) => sql.replace(/lakesql_scan_\w+?_\d+_\d+/g, 'lakesql_scan');

const parquetFiles = (sql: string) => new Set(sql.match(/[^'/]+\.parquet(?=')/g) ?? []).size;

async function tableState(name: string): Promise<unknown> {
  return {
    rows: await fx.rows(`SELECT * FROM ${name} ORDER BY 1, 2`),
    history: (await fx.rows(`DESCRIBE HISTORY ${name}`)).length,
  };
}

describe('EXPLAIN', () => {
  beforeAll(async () => {
    // One file per partition value: a partition predicate keeps one of three.
    await fx.rows('CREATE TABLE part (id BIGINT, p STRING) USING delta PARTITIONED BY (p)');
    for (const p of ['a', 'b', 'c']) await fx.rows(`INSERT INTO part VALUES (1, '${p}'), (2, '${p}')`);
    // One file per insert, with disjoint id ranges: statistics keep one file of three for id = 15.
    await fx.rows('CREATE TABLE stats (id BIGINT, v STRING) USING delta');
    for (const start of [1, 11, 21]) {
      await fx.rows(`INSERT INTO stats SELECT id, 'x' FROM range(${start}, ${start + 10})`);
    }
  });

  it('prints the physical part alone for plain EXPLAIN, every section for EXTENDED', async () => {
    const simple = await explain("EXPLAIN SELECT * FROM part WHERE p = 'a'");
    expect(headers(simple)).toEqual(['== Physical Plan ==', '== DuckDB Plan ==']);
    const extended = await explain("EXPLAIN EXTENDED SELECT * FROM part WHERE p = 'a'");
    expect(headers(extended)).toEqual([
      '== Parsed Logical Plan ==',
      '== Analyzed Logical Plan ==',
      '== Optimized Logical Plan ==',
      '== Physical Plan ==',
      '== DuckDB SQL ==',
      '== DuckDB Plan ==',
    ]);
    expect(section(extended, 'Parsed Logical Plan')).toBe("SELECT * FROM `part` WHERE `p` = 'a'");
    expect(section(extended, 'Optimized Logical Plan')).toBe(
      '(lakesql does not optimize the logical plan; DuckDB optimizes the SQL below)',
    );
    // DuckDB's own plan: its box-drawn operator tree, reading Parquet.
    expect(section(extended, 'DuckDB Plan')).toMatch(/^┌─+┐\n/);
    expect(section(extended, 'DuckDB Plan')).toContain('READ_PARQUET');
  });

  it('prints the analyzed plan as a tree with attribute ids under its output schema', async () => {
    const text = await explain(
      'EXPLAIN EXTENDED SELECT id, v FROM stats WHERE id > 5 AND id < (SELECT max(id) FROM stats)',
    );
    expect(section(text, 'Analyzed Logical Plan')).toBe(
      [
        'id: bigint, v: string',
        'Project [id#1, v#2]',
        '+- Filter ((id#1 > cast(5 as bigint)) AND (id#1 < scalar-subquery))',
        '   :  +- Project [_agg0#5 AS max(id)#6]',
        '   :     +- Aggregate [], [max(id#3) AS _agg0#5]',
        '   :        +- Relation default.stats[id#3, v#4] delta',
        '   +- Relation default.stats[id#1, v#2] delta',
      ].join('\n'),
    );
  });

  it('reports the files partition pruning keeps, as many as the generated SQL reads', async () => {
    const text = await explain("EXPLAIN EXTENDED SELECT id FROM part WHERE p = 'b'");
    expect(section(text, 'Physical Plan')).toBe(
      [
        'Scan delta default.part [id#1, p#2]',
        "   PushedFilters: [(p = 'b')]",
        '   Files kept: 1 of 3 (2 skipped by partition pruning and data skipping)',
      ].join('\n'),
    );
    expect(parquetFiles(section(text, 'DuckDB SQL'))).toBe(1);
  });

  it('reports the files statistics keep, as many as the generated SQL reads', async () => {
    const text = await explain('EXPLAIN EXTENDED SELECT v FROM stats WHERE id = 15');
    expect(section(text, 'Physical Plan')).toContain(
      'Files kept: 1 of 3 (2 skipped by partition pruning and data skipping)',
    );
    expect(section(text, 'Physical Plan')).toContain('PushedFilters: [(id = 15)]');
    expect(parquetFiles(section(text, 'DuckDB SQL'))).toBe(1);
    const all = await explain("EXPLAIN EXTENDED SELECT v FROM stats WHERE v = 'y' OR id > 0");
    expect(section(all, 'Physical Plan')).toContain('Files kept: 3 of 3 (0 skipped');
    expect(parquetFiles(section(all, 'DuckDB SQL'))).toBe(3);
  });

  it('shows no pushed filters for a relation that takes none (range)', async () => {
    const text = await explain('EXPLAIN SELECT id FROM range(3) WHERE id > 0');
    expect(section(text, 'Physical Plan')).toBe('Scan engine relation [id#1]');
  });

  it('shows the DuckDB SQL the compiler produces for the query', async () => {
    const sql = "SELECT p, count(*) AS n FROM part WHERE p <> 'c' GROUP BY p";
    const text = await explain(`EXPLAIN EXTENDED ${sql}`);
    const stmt = parseStatement(sql);
    if (stmt.kind !== 'queryStatement') throw new Error('not a query');
    const compiled = await compileQuery(
      fx.engine,
      await fx.session.analyze(stmt.query),
      fx.session.semantics,
    );
    try {
      expect(withoutScratchNames(section(text, 'DuckDB SQL'))).toBe(withoutScratchNames(compiled.sql));
    } finally {
      await compiled.release();
    }
  });

  it('FORMATTED prints a numbered outline, then each node with its details', async () => {
    const text = await explain('EXPLAIN FORMATTED SELECT v FROM stats WHERE id = 15');
    expect(headers(text)).toEqual(['== Physical Plan ==', '== DuckDB SQL ==', '== DuckDB Plan ==']);
    expect(section(text, 'Physical Plan')).toBe(
      [
        'Project (3)',
        '+- Filter (2)',
        '   +- Relation default.stats (1)',
        '',
        '',
        '(1) Relation default.stats',
        'Output [2]: [id#1, v#2]',
        'PushedFilters: [(id = 15)]',
        'Files kept: 1 of 3 (2 skipped by partition pruning and data skipping)',
        '',
        '(2) Filter',
        'Output [2]: [id#1, v#2]',
        'Input [2]: [id#1, v#2]',
        'Condition : (id#1 = cast(15 as bigint))',
        '',
        '(3) Project',
        'Output [1]: [v#2]',
        'Input [2]: [id#1, v#2]',
        'Expressions [1]: [v#2]',
      ].join('\n'),
    );
  });

  it("COST puts Statistics from the Delta log on each scan: the kept files' size and rows", async () => {
    const [detail] = await fx.session.execute('DESCRIBE DETAIL stats');
    if (detail?.kind !== 'rows') throw new Error('DESCRIBE DETAIL returned no rows');
    const size = Number(detail.rows[0]![detail.columns.findIndex((c) => c.name === 'sizeInBytes')]);
    const all = await explain('EXPLAIN COST SELECT * FROM stats');
    expect(headers(all)).toEqual(['== Analyzed Logical Plan ==', '== Physical Plan ==', '== DuckDB Plan ==']);
    const expectedSize = size >= 2048 ? `${(size / 1024).toFixed(1)} KiB` : `${size.toFixed(1)} B`;
    expect(section(all, 'Analyzed Logical Plan')).toBe(
      [
        'id: bigint, v: string',
        'Project [id#1, v#2]',
        `+- Relation default.stats[id#1, v#2] delta, Statistics(sizeInBytes=${expectedSize}, rowCount=30)`,
      ].join('\n'),
    );
    const one = await explain('EXPLAIN COST SELECT * FROM stats WHERE id = 15');
    expect(section(one, 'Analyzed Logical Plan')).toMatch(
      /delta, Statistics\(sizeInBytes=\d+\.\d B, rowCount=10\)$/,
    );
  });

  it('refuses CODEGEN, and statements it cannot explain, without running them', async () => {
    await expect(fx.session.execute('EXPLAIN CODEGEN SELECT 1')).rejects.toMatchObject({
      errorClass: 'UNSUPPORTED_FEATURE',
      sqlState: '0A000',
    });
    await expect(fx.session.execute('EXPLAIN CREATE TABLE nope (a INT) USING delta')).rejects.toMatchObject({
      errorClass: 'UNSUPPORTED_FEATURE',
      messageParameters: { feature: 'EXPLAIN of the statement createTable' },
    });
    expect(await fx.rows("SHOW TABLES LIKE 'nope'")).toEqual([]);
  });

  it('explains DELETE and UPDATE by their target, condition and the files the condition keeps, changing nothing', async () => {
    const before = await tableState('part');
    const del = await explain("EXPLAIN DELETE FROM part WHERE p = 'a'");
    expect(headers(del)).toEqual(['== Delete ==', '== Physical Plan ==', '== DuckDB Plan ==']);
    expect(section(del, 'Delete')).toBe(
      [
        'Target: default.part',
        "Condition: (p#2 = 'a')",
        'Files: metadata only: the kept files are removed whole, no data file is rewritten',
      ].join('\n'),
    );
    expect(section(del, 'Physical Plan')).toContain('Files kept: 1 of 3');
    const upd = await explain('EXPLAIN EXTENDED UPDATE part SET id = 9 WHERE id = 2');
    expect(headers(upd)?.slice(0, 2)).toEqual(['== Update ==', '== Parsed Logical Plan ==']);
    expect(section(upd, 'Update')).toContain('Files: copy-on-write');
    expect(section(upd, 'Parsed Logical Plan')).toBe('UPDATE `part` SET `id` = 9 WHERE `id` = 2');
    expect(section(upd, 'Analyzed Logical Plan')).toBe(
      [
        'id: bigint, p: string',
        'Filter (id#1 = cast(2 as bigint))',
        '+- Relation default.part[id#1, p#2] delta',
      ].join('\n'),
    );
    expect(await tableState('part')).toEqual(before);
  });

  it('explains MERGE and INSERT by the rows they read, changing nothing', async () => {
    const before = await tableState('part');
    const merge = await explain(
      "EXPLAIN MERGE INTO part t USING (SELECT 1L AS id) s ON t.id = s.id WHEN MATCHED THEN DELETE WHEN NOT MATCHED THEN INSERT (id, p) VALUES (s.id, 'z')",
    );
    expect(section(merge, 'Merge')).toBe(
      [
        'Target: `spark_catalog`.`default`.`part`',
        'Condition: (id#1 = id#3)',
        'Clauses:',
        '  WHEN MATCHED THEN DELETE',
        '  WHEN NOT MATCHED THEN INSERT',
        "Files: target files are pruned at run time by the source's join key values; the scan below lists the snapshot's files",
      ].join('\n'),
    );
    const insert = await explain("EXPLAIN EXTENDED INSERT INTO part SELECT id, 'q' FROM stats WHERE id = 15");
    expect(section(insert, 'Insert')).toBe(
      [
        'Target: `spark_catalog`.`default`.`part`',
        'Mode: append',
        'Rows: the query below, cast to the table columns by store assignment',
      ].join('\n'),
    );
    expect(section(insert, 'Physical Plan')).toContain('Files kept: 1 of 3');
    await expect(fx.session.execute('EXPLAIN INSERT INTO missing SELECT 1')).rejects.toMatchObject({
      errorClass: 'TABLE_OR_VIEW_NOT_FOUND',
    });
    expect(await tableState('part')).toEqual(before);
  });
});
