import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runLakesql } from './testing/cli-process.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'lakesql-cli-line-'));
const warehouse = path.join(dir, 'warehouse');

// Each test starts CLI processes (tsx, then DuckDB), several at once: under a loaded machine that takes
// well over the default 60 s, as the other CLI tests allow for.
describe.concurrent('the lakesql command line', { timeout: 180_000 }, () => {
  it('`table show <path> --version n` time-travels; `--version` and `-V` alone print the package version', async () => {
    const table = path.join(dir, 'people');
    const made = await runLakesql([
      'sql',
      '--warehouse',
      warehouse,
      '-e',
      `CREATE TABLE delta_people USING DELTA LOCATION '${table}' AS SELECT 1 AS id;` +
        'INSERT INTO delta_people VALUES (2)',
    ]);
    expect(made.code).toBe(0);
    const v0 = await runLakesql(['table', 'show', table, '--version', '0', '--format', 'json']);
    expect(v0).toEqual({ code: 0, stdout: '[{"id":1}]\n', stderr: '' });
    const latest = await runLakesql(['table', 'show', table, '--format', 'csv']);
    expect(latest.stdout.split('\n').sort()).toEqual(['', '1', '2', 'id']);
    for (const flag of ['--version', '-V']) {
      expect(await runLakesql([flag])).toEqual({ code: 0, stdout: '0.1.0\n', stderr: '' });
    }
  });

  it('an unknown command names the word and lists the commands', async () => {
    const r = await runLakesql(['bogus']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^error: unknown command 'bogus'\n\nCommands:\n {2}sql \[options\] {5}run SQL statements .*\n {2}repl \[options\] {4}an interactive SQL shell .*\n {2}ui \[options\] {6}a workspace in the browser.*\n {2}demo .*\n {2}ingest \[options\] {2}load new files from a folder into a Delta table.*\n {2}table {13}look at and maintain Delta tables\n {2}help \[command\] {4}display help for command\n$/,
    );
  });

  it('`lakesql help` and `lakesql help <command>` print the help', async () => {
    const r = await runLakesql(['help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: lakesql \[options\] \[command\]\n/);
    const sql = await runLakesql(['help', 'sql']);
    expect(sql.stdout).toMatch(
      /^Usage: lakesql sql \[options\]\n[\s\S]*--timer {21}print each statement's elapsed time\n/,
    );
  });

  it('-e and -f together are refused in one line', async () => {
    const r = await runLakesql(['sql', '-e', 'SELECT 1', '-f', path.join(dir, 'x.sql')]);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: "error: option '-e, --execute <statements>' cannot be used with option '-f, --file <path>'\n",
    });
  });

  it('--warehouse and --conf work before and after the command; the nearer one wins', async () => {
    const r = await runLakesql([
      '--conf',
      'spark.sql.session.timeZone=Asia/Tokyo',
      '--warehouse',
      path.join(dir, 'ignored'),
      'sql',
      '--warehouse',
      path.join(dir, 'second'),
      '--conf',
      'spark.sql.ansi.enabled=false',
      '--format',
      'csv',
      '-e',
      'SELECT current_timezone() AS tz, 1/0 AS q; CREATE TABLE here (a INT); SHOW TABLES',
    ]);
    expect(r).toEqual({
      code: 0,
      stdout: 'tz,q\nAsia/Tokyo,\nnamespace,tableName,isTemporary\ndefault,here,false\n',
      stderr: '',
    });
  });

  it('--conf with a value of the wrong form fails in one line before the session starts', async () => {
    const r = await runLakesql(['--conf', 'lakesql.engine.memoryLimit=bogus', 'sql', '-e', 'SELECT 1']);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr:
        '[INVALID_CONF_VALUE.REQUIREMENT] The value \'bogus\' in the config "lakesql.engine.memoryLimit" is invalid. ' +
        'It should be a size: a number and a unit, e.g. 512MB or 4GB (KB, MB, GB, TB; KiB, MiB, GiB, TiB). SQLSTATE: 22022\n',
    });
  });
});
