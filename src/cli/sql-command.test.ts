import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runLakesql } from './testing/cli-process.js';

const warehouse = mkdtempSync(path.join(os.tmpdir(), 'lakesql-cli-'));
const sql = (args: readonly string[], stdin = '') =>
  runLakesql(['sql', '--warehouse', warehouse, ...args], stdin);

// Several CLI processes at once (tsx, then DuckDB each): room for a loaded machine, as the other CLI tests have.
describe.concurrent('lakesql sql', { timeout: 180_000 }, () => {
  it('-e prints a table by default', async () => {
    const r = await sql(['-e', "SELECT 1 AS a, 'x' AS b"]);
    expect(r).toEqual({
      code: 0,
      stdout: '+---+---+\n|a  |b  |\n+---+---+\n|1  |x  |\n+---+---+\n',
      stderr: '',
    });
  });

  it('EXPLAIN prints its plan text raw in the table format and as a `plan` row in json', async () => {
    const r = await sql(['-e', 'EXPLAIN SELECT 1 AS a']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^== Physical Plan ==\n\(no table scans\)\n\n== DuckDB Plan ==\n┌/);
    expect(r.stdout).not.toContain('+---');
    const j = await sql(['--format', 'json', '-e', 'EXPLAIN SELECT 1 AS a']);
    const rows = JSON.parse(j.stdout) as { plan: string }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]?.plan.startsWith('== Physical Plan ==\n')).toBe(true);
  });

  it('--format json prints one line holding a JSON array of row objects', async () => {
    const r = await sql(['--format', 'json', '-e', "SELECT 1 AS a, 'x' AS b"]);
    expect(r).toEqual({ code: 0, stdout: '[{"a":1,"b":"x"}]\n', stderr: '' });
  });

  it('--format csv prints a header and the rows', async () => {
    const r = await sql(['--format', 'csv', '-e', "SELECT 1 AS a, 'x' AS b"]);
    expect(r).toEqual({ code: 0, stdout: 'a,b\n1,x\n', stderr: '' });
  });

  it('runs the statements of a script in order, one result each', async () => {
    const r = await sql(['--format', 'json', '-e', "SELECT 1 AS a; SELECT 'two' AS b, 2.50BD AS c;"]);
    expect(r).toEqual({ code: 0, stdout: '[{"a":1}]\n[{"b":"two","c":"2.50"}]\n', stderr: '' });
  });

  it('a failing statement prints its class, SQLSTATE and a caret, stops the script and exits 1', async () => {
    const r = await sql(['--format', 'csv', '-e', 'SELECT 1 AS a;\n  SELEC 2;\nSELECT 3 AS c;']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('a\n1\n');
    expect(r.stderr).toBe(
      "[PARSE_SYNTAX_ERROR] Syntax error at or near 'SELEC'. SQLSTATE: 42601 (line 2, pos 2)\n\n" +
        '== SQL ==\n  SELEC 2\n--^^^\n',
    );
  });

  it('DDL prints nothing, DML prints its metric row, a runtime error stops the script', async () => {
    const r = await sql([
      '--format',
      'csv',
      '-e',
      "CREATE TABLE t (a INT, b STRING); INSERT INTO t VALUES (2, 'y'), (1, 'x');\n" +
        'SELECT * FROM t ORDER BY a; SELECT a / 0 FROM t; SELECT 5 AS never',
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('num_affected_rows,num_inserted_rows\n2,2\na,b\n1,x\n2,y\n');
    expect(r.stderr).toMatch(
      /^\[DIVIDE_BY_ZERO\] .* SQLSTATE: 22012\n== SQL \(line 2\) ==\nSELECT a \/ 0 FROM t\n$/,
    );
  });

  it('CREATE TABLE … AS SELECT prints its metric row, as Databricks does', async () => {
    const r = await sql([
      '--format',
      'csv',
      '-e',
      'CREATE TABLE ctas AS SELECT id FROM range(3); CREATE OR REPLACE TABLE ctas AS SELECT 7L AS id',
    ]);
    expect(r).toEqual({
      code: 0,
      stdout: 'num_affected_rows,num_inserted_rows\n3,3\nnum_affected_rows,num_inserted_rows\n1,1\n',
      stderr: '',
    });
  });

  it("-f: an analysis or runtime error names its statement's line in the file", async () => {
    const file = path.join(warehouse, 'failing.sql');
    writeFileSync(file, "-- setup\nSELECT 1 AS a;\n\nSELECT *\n  FROM no_such_table;\nSELECT 'never';\n");
    const r = await sql(['--format', 'csv', '-f', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('a\n1\n');
    expect(r.stderr).toMatch(
      /^\[TABLE_OR_VIEW_NOT_FOUND\] The table or view `no_such_table` cannot be found\.[\s\S]* SQLSTATE: 42P01\n== SQL \(line 4\) ==\nSELECT \*\n {2}FROM no_such_table\n$/,
    );
    writeFileSync(file, "SELECT 1 AS a;\nSELECT CAST('abc' AS INT);\n");
    const runtime = await sql(['--format', 'csv', '-f', file]);
    expect(runtime.stderr).toMatch(
      /^\[CAST_INVALID_INPUT\] [\s\S]*\n== SQL \(line 2\) ==\nSELECT CAST\('abc' AS INT\)\n$/,
    );
  });

  it("--timer prints spark-sql's `Time taken` line per statement on stderr; off a terminal no progress line", async () => {
    const r = await sql([
      '--timer',
      '--format',
      'csv',
      '-e',
      'SELECT 1 AS a UNION ALL SELECT 2; CREATE TEMP VIEW v AS SELECT 1; SELECT count(*) AS n FROM range(200000000)',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('a\n1\n2\nn\n200000000\n');
    expect(r.stderr).toMatch(
      /^Time taken: \d+(\.\d{1,3})? seconds, Fetched 2 row\(s\)\nTime taken: \d+(\.\d{1,3})? seconds\nTime taken: \d+(\.\d{1,3})? seconds, Fetched 1 row\(s\)\n$/,
    );
  });

  it('statements from standard input when neither -e nor -f is given', async () => {
    const r = await sql(
      ['--format', 'csv'],
      'SELECT 1 AS a;\n-- a comment; with a semicolon\nSELECT 2 AS b;\n',
    );
    expect(r).toEqual({ code: 0, stdout: 'a\n1\nb\n2\n', stderr: '' });
  });

  it('-f reads a file; a missing file exits 1', async () => {
    const file = path.join(warehouse, 'script.sql');
    writeFileSync(file, "SELECT 'from a file' AS source;\n");
    expect(await sql(['--format', 'csv', '-f', file])).toEqual({
      code: 0,
      stdout: 'source\nfrom a file\n',
      stderr: '',
    });
    const missing = await sql(['-f', path.join(warehouse, 'nope.sql')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^Could not open input file for reading\. \(ENOENT/);
  });

  it('--conf sets the session time zone that timestamps print in', async () => {
    const r = await runLakesql([
      '--conf',
      'spark.sql.session.timeZone=America/New_York',
      'sql',
      '--warehouse',
      warehouse,
      '--format',
      'json',
      '-e',
      "SELECT TIMESTAMP'2024-01-02 03:04:05.5Z' AS ts",
    ]);
    expect(r).toEqual({ code: 0, stdout: '[{"ts":"2024-01-01 22:04:05.5"}]\n', stderr: '' });
  });
});
