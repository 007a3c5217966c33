#!/usr/bin/env node
/** The `lakesql` command. Errors go to stderr with their error class and exit code 1. */
import { Command } from 'commander';
import { isLakesqlError } from '../errors/index.js';
import { runDemo } from './demo.js';
import { describeTable } from './table-commands.js';

const program = new Command();
program
  .name('lakesql')
  .description('A Delta Lake lakehouse for Node.js: Databricks SQL on DuckDB')
  .version('0.1.0');

program
  .command('demo')
  .description('create a Delta table in the warehouse, write to it, read it back and print it')
  .option('--warehouse <dir>', 'warehouse folder (spark.sql.warehouse.dir)')
  .action(async (opts: { warehouse?: string }) => {
    await runDemo(opts.warehouse, (s) => process.stdout.write(`${s}\n`));
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
