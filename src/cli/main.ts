#!/usr/bin/env node
/** The `lakesql` command. Errors go to stderr with their error class and exit code 1. */
import { Command, Option } from 'commander';
import { isLakesqlError } from '../errors/index.js';
import { runDemo } from './demo.js';
import { runRepl } from './repl.js';
import { RESULT_FORMATS, type ResultFormat } from './result-text.js';
import { collectConf, type SessionOptions } from './session-options.js';
import { runSqlCommand } from './sql-command.js';
import { describeTable } from './table-commands.js';

const program = new Command();
program
  .name('lakesql')
  .description('A Delta Lake lakehouse for Node.js: Databricks SQL on DuckDB')
  .version('0.1.0')
  .option('--warehouse <dir>', 'warehouse folder (spark.sql.warehouse.dir)')
  .option(
    '--conf <key=value>',
    'a configuration key, e.g. spark.sql.session.timeZone=UTC (repeatable)',
    collectConf,
  )
  // `lakesql` alone: the REPL on a terminal, else the statements piped in.
  .action(async () => {
    process.exitCode = await runSqlCommand({ ...sessionOptions(), format: 'table' });
  });

/** The global --warehouse / --conf, wherever on the command line they were given. */
function sessionOptions(): SessionOptions {
  return program.opts<SessionOptions>();
}

program
  .command('sql')
  .description('run SQL statements from -e, -f or standard input and print their results')
  .option('-e, --execute <statements>', 'the statements to run')
  .option('-f, --file <path>', 'a file of statements to run')
  .addOption(new Option('--format <format>', 'how results print').choices(RESULT_FORMATS).default('table'))
  .action(async (opts: { execute?: string; file?: string; format: ResultFormat }) => {
    process.exitCode = await runSqlCommand({ ...sessionOptions(), ...opts });
  });

program
  .command('repl')
  .description('an interactive SQL shell (the default when no command is given)')
  .action(async () => {
    process.exitCode = process.stdin.isTTY
      ? await runRepl(sessionOptions())
      : await runSqlCommand({ ...sessionOptions(), format: 'table' });
  });

program
  .command('demo')
  .description('walk through the employees and students examples on the warehouse, step by step')
  .option('--warehouse <dir>', 'warehouse folder (spark.sql.warehouse.dir)')
  .action(async (opts: { warehouse?: string }) => {
    // The global --warehouse takes the option wherever it is written; demo's own stays for its help text.
    await runDemo(opts.warehouse ?? sessionOptions().warehouse, (s) => process.stdout.write(`${s}\n`));
  });

const table = program.command('table').description('look at Delta tables');
table
  .command('show <path>')
  .description('print the rows of the Delta table at <path>')
  .option('--version <n>', 'time travel to a version', (v) => Number(v))
  .option('--timestamp <ts>', 'time travel to a timestamp')
  .option('--format <format>', 'table | json | csv', 'table')
  .action(
    async (
      path: string,
      opts: { version?: number; timestamp?: string; format: 'table' | 'json' | 'csv' },
    ) => {
      process.stdout.write(`${await describeTable(path, { ...opts, mode: 'rows' })}\n`);
    },
  );
table
  .command('check <path>')
  .description('reconstruct the snapshot of the Delta table at <path> and summarise it')
  .option('--version <n>', 'time travel to a version', (v) => Number(v))
  .action(async (path: string, opts: { version?: number }) => {
    process.stdout.write(`${await describeTable(path, { ...opts, format: 'table', mode: 'summary' })}\n`);
  });

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (isLakesqlError(e)) {
    process.stderr.write(`${e.message}\n`);
  } else {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  }
  process.exitCode = 1;
}
