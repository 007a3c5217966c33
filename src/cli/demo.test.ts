/**
 * `lakesql demo` walks seeds 000 and 001 on a warehouse: its captions in order, the tables they end with,
 * a second run from a clean demo state, and the tables left registered for later sessions and commands.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeSession } from '../api/lake-session.js';
import { runDemo } from './demo.js';
import { formatRows } from './format-rows.js';
import { runLakesql } from './testing/cli-process.js';

const CAPTIONS = [
  '[000.1] CREATE TABLE IF NOT EXISTS employees_target1 and INSERT INTO it: the six employees',
  '[000.2] CREATE TABLE IF NOT EXISTS employees_lookup2 and INSERT INTO it: the new salaries of Alice and Eve',
  '[000.3] CREATE OR REPLACE TABLE employees_temp_table1 AS SELECT … FULL OUTER JOIN employees_lookup2 … ' +
    'WHERE l.emp_id IS NOT NULL: the changed salaries',
  '[000.4] DESCRIBE TABLE employees_temp_table1: every column but `match` is one the INSERT takes from the temp table',
  '[000.5] the INSERT built from the two DESCRIBE TABLE results, and the rows it wrote:',
  '[000.6] SELECT * FROM employees_target1: 8 rows, the original six and the modified rows of Alice and Eve',
  "[001.1] spark.read.options(header='True', inferSchema='True').csv('dbfs:/FileStore/sample_data/sampleStudent.csv'): " +
    'StudentId int, Name string, Subject string, Mark int',
  "[001.2] dataframe.write.format('delta').save(savePath), then CREATE TABLE demo_db.score USING DELTA LOCATION " +
    'savePath: SELECT * FROM demo_db.score',
  '[001.3] delete from demo_db.score: the table starts empty (version 1); version 0 keeps the rows',
  "[001.4] SELECT * FROM demo_db.score VERSION AS OF 0, written with .write.format('orc')" +
    ".save('/dbfs/FileStore/sample_data/student_data/'): the files",
  "[001.5] readStream.schema(rdSchema).format('orc').load('/dbfs/FileStore/sample_data/student_data/')" +
    '.writeStream.trigger(once=True).foreachBatch(MERGE INTO demo_db.score …): batch 0 read 9 rows; demo_db.score now:',
  '[001.6] the same stream again, same checkpoint: no new file, so no batch, no commit; DESCRIBE HISTORY demo_db.score:',
  "[001.7] a new ORC file lands in /dbfs/FileStore/sample_data/student_data/ (.write.format('orc').mode('append')): the files",
  '[001.8] the stream once more: batch 1 read 2 rows, only the new file; demo_db.score now:',
];

const EMPLOYEES = [
  { emp_id: 1, name: 'Alice', department: 'HR', salary: 60000 },
  { emp_id: 1, name: 'Alice', department: 'HR', salary: 80000 },
  { emp_id: 2, name: 'Bob', department: 'IT', salary: 70000 },
  { emp_id: 3, name: 'Charlie', department: 'Finance', salary: 80000 },
  { emp_id: 4, name: 'David', department: 'IT', salary: 75000 },
  { emp_id: 5, name: 'Eve', department: 'Marketing', salary: 65000 },
  { emp_id: 5, name: 'Eve', department: 'Marketing', salary: 90000 },
  { emp_id: 6, name: 'Frank', department: 'Sales', salary: 72000 },
];

const SCORE = [
  { StudentId: 1, Name: 'Ram', Subject: 'language', Mark: 85 },
  { StudentId: 1, Name: 'Ram', Subject: 'maths', Mark: 90 },
  { StudentId: 1, Name: 'Ram', Subject: 'science', Mark: 80 },
  { StudentId: 2, Name: 'Tom', Subject: 'maths', Mark: 75 },
  { StudentId: 2, Name: 'Tom', Subject: 'science', Mark: 72 },
  { StudentId: 2, Name: 'Tom', Subject: 'science', Mark: 79 },
  { StudentId: 3, Name: 'Kim', Subject: 'language', Mark: 89 },
  { StudentId: 3, Name: 'Kim', Subject: 'maths', Mark: 92 },
  { StudentId: 3, Name: 'Kim', Subject: 'science', Mark: 81 },
  { StudentId: 4, Name: 'Ann', Subject: 'maths', Mark: 88 },
  { StudentId: 4, Name: 'Ann', Subject: 'science', Mark: 70 },
];

const HISTORY_BEFORE_NEW_FILE = [
  { version: 0, operation: 'WRITE' },
  { version: 1, operation: 'DELETE' },
  { version: 2, operation: 'MERGE' },
];

async function demo(warehouse: string): Promise<string[]> {
  const lines: string[] = [];
  await runDemo(warehouse, (s) => lines.push(...s.split('\n')));
  return lines;
}

/** The table printed under a step's caption (and its detail lines): the lines up to the next blank one. */
function stepTable(lines: readonly string[], step: string): string {
  const start = lines.findIndex((l) => l.startsWith(`[${step}] `));
  expect(start).toBeGreaterThanOrEqual(0);
  const rest = lines.slice(start + 1);
  const end = rest.indexOf('');
  return (end < 0 ? rest : rest.slice(0, end)).filter((l) => !l.startsWith('    ')).join('\n');
}

const table = (rows: readonly Record<string, unknown>[]) => formatRows(rows, Object.keys(rows[0]!), 'table');

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lakesql-demo-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('lakesql demo', () => {
  const warehouse = () => path.join(dir, 'warehouse');

  it('walks seed 000 then seed 001, a caption over each step, and ends with the next commands', async () => {
    const lines = await demo(warehouse());
    expect(lines[0]).toBe(`lakesql demo on the warehouse ${warehouse()}`);
    expect(lines.filter((l) => /^\[\d{3}\.\d+\] /.test(l))).toEqual(CAPTIONS);
    expect(stepTable(lines, '000.6')).toBe(table(EMPLOYEES));
    expect(stepTable(lines, '001.6')).toBe(table(HISTORY_BEFORE_NEW_FILE));
    expect(stepTable(lines, '001.8')).toBe(table(SCORE));
    expect(stepTable(lines, '000.5')).toBe(table([{ num_affected_rows: 2, num_inserted_rows: 2 }]));

    const savePath = path.join(warehouse(), '_lakesql_demo', 'tmp', 'demo_score');
    const next = lines.slice(lines.findIndex((l) => l.startsWith('Next, try')) + 1);
    expect(next).toEqual([
      `  lakesql --warehouse ${warehouse()} sql -e 'SELECT * FROM demo_db.score ORDER BY StudentId'`,
      `  lakesql --warehouse ${warehouse()} sql -e 'DESCRIBE HISTORY demo_db.score'`,
      `  lakesql --warehouse ${warehouse()} sql -e 'SELECT * FROM demo_db.score VERSION AS OF 0'`,
      `  lakesql --warehouse ${warehouse()} sql -e 'SELECT * FROM employees_target1 ORDER BY emp_id, salary'`,
      `  lakesql table show ${savePath} --version 2`,
      `  lakesql table check ${savePath}`,
      `  lakesql --warehouse ${warehouse()} repl`,
    ]);
  });

  it('runs again on the same warehouse from a clean demo state', async () => {
    const lines = await demo(warehouse());
    expect(lines.filter((l) => /^\[\d{3}\.\d+\] /.test(l))).toEqual(CAPTIONS);
    // Not 14 employees nor a history of 8 commits: the previous run's tables were dropped first.
    expect(stepTable(lines, '000.6')).toBe(table(EMPLOYEES));
    expect(stepTable(lines, '001.6')).toBe(table(HISTORY_BEFORE_NEW_FILE));
    expect(stepTable(lines, '001.8')).toBe(table(SCORE));
  });

  it('leaves its tables registered: a fresh session on the warehouse reads demo_db.score', async () => {
    const spark = await LakeSession.create({ warehouse: warehouse() });
    try {
      const score = await spark.sql('SELECT * FROM demo_db.score ORDER BY StudentId, Subject, Mark');
      expect(await score.collect()).toEqual(SCORE);
      const employees = await spark.sql('SELECT * FROM employees_target1 ORDER BY emp_id, salary');
      expect(await employees.collect()).toEqual(EMPLOYEES);
    } finally {
      spark.stop();
    }
  });

  it('refuses to touch a table of a demo name that it did not create, before changing anything', async () => {
    const spark = await LakeSession.create({ warehouse: warehouse() });
    try {
      // The user replaces the demo's score table with their own.
      await spark.sql('DROP TABLE demo_db.score');
      await spark.sql('CREATE TABLE demo_db.score (StudentId INT, note STRING)');
      await spark.sql("INSERT INTO demo_db.score VALUES (7, 'mine')");
    } finally {
      spark.stop();
    }
    await expect(demo(warehouse())).rejects.toMatchObject({
      errorClass: 'TABLE_OR_VIEW_ALREADY_EXISTS',
      messageParameters: { relationName: '`demo_db`.`score`' },
    });
    const after = await LakeSession.create({ warehouse: warehouse() });
    try {
      expect(await (await after.sql('SELECT * FROM demo_db.score')).collect()).toEqual([
        { StudentId: 7, note: 'mine' },
      ]);
      // Nothing else was dropped either.
      expect(await (await after.sql('SELECT count(*) AS n FROM employees_target1')).collect()).toEqual([
        { n: 8n },
      ]);
      expect(existsSync(path.join(warehouse(), '_lakesql_demo', 'created-tables.json'))).toBe(true);
    } finally {
      after.stop();
    }
  });

  it('`lakesql demo` then `lakesql sql -e "SELECT * FROM demo_db.score"` on the same warehouse', async () => {
    const other = path.join(dir, 'cli-warehouse');
    const run = await runLakesql(['demo', '--warehouse', other]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const query = await runLakesql([
      'sql',
      '--warehouse',
      other,
      '--format',
      'json',
      '-e',
      'SELECT * FROM demo_db.score ORDER BY StudentId, Subject, Mark',
    ]);
    expect(query).toEqual({ code: 0, stdout: `${JSON.stringify(SCORE)}\n`, stderr: '' });
    // Two CLI processes, each starting DuckDB and the whole demo: give them room on a loaded 2-core machine.
  }, 180_000);
});
