#!/usr/bin/env node
/** The `lakesql` command. Errors go to stderr with their error class and exit code 1. */
import { Command, Option } from 'commander';
import { isLakesqlError } from '../errors/index.js';
import { runDemo } from './demo.js';
import { addIngestCommand } from './ingest/ingest-cli.js';
import { runRepl } from './repl.js';
import { RESULT_FORMATS, type ResultFormat } from './result-text.js';
import { addSessionOptions, type SessionOptions, sessionOptions } from './session-options.js';
import { runSqlCommand } from './sql-command.js';
import { checkTable, describeTable, vacuumTableCommand } from './table-commands.js';
import { optimizeCommand } from './table-optimize.js';
import { parsePort, runUiCommand, type UiCommandOptions } from './ui-command.js';
import { unknownCommandText } from './unknown-command.js';
import { LAKESQL_VERSION } from './version.js';

const program = new Command();
program
  .name('lakesql')
  .description('A Delta Lake lakehouse for Node.js: Databricks SQL on DuckDB')
  .version(LAKESQL_VERSION)
  // The program's options end where the command starts, so that a command's own `--version` (table show's
  // time travel) is the command's; --warehouse and --conf are accepted on either side.
  .enablePositionalOptions()
  // A word that is not a command reaches the action, which names it and lists the commands.
  .allowExcessArguments()
  .helpCommand(true)
  .action(async (_opts, command: Command) => {
    if (command.args.length > 0) command.error(unknownCommandText(command, command.args[0]!));
    // `lakesql` alone: the REPL on a terminal, else the statements piped in.
    process.exitCode = await runSqlCommand({ ...sessionOptions(command), format: 'table' });
  });
addSessionOptions(program);

addSessionOptions(
  program
    .command('sql')
    .description('run SQL statements from -e, -f or standard input and print their results')
    .addOption(new Option('-e, --execute <statements>', 'the statements to run').conflicts('file'))
    .option('-f, --file <path>', 'a file of statements to run')
    .addOption(new Option('--format <format>', 'how results print').choices(RESULT_FORMATS).default('table'))
    .option('--timer', "print each statement's elapsed time")
    .action(
      async (
        opts: { execute?: string; file?: string; format: ResultFormat; timer?: boolean },
        command: Command,
      ) => {
        process.exitCode = await runSqlCommand({ ...opts, ...sessionOptions(command) });
      },
    ),
);

addSessionOptions(
  program
    .command('repl')
    .description('an interactive SQL shell (the default when no command is given)')
    .action(async (_opts, command: Command) => {
      process.exitCode = process.stdin.isTTY
        ? await runRepl(sessionOptions(command))
        : await runSqlCommand({ ...sessionOptions(command), format: 'table' });
    }),
);

addSessionOptions(
  program
    .command('ui')
    .description('a workspace in the browser: SQL editor, results and charts, catalog and table history')
    .option('--port <n>', 'the port to listen on (default: a free one)', parsePort)
    .option('--host <host>', 'the address to listen on', '127.0.0.1')
    .option('--no-open', 'print the address without opening a browser')
    .action(async (opts: Omit<UiCommandOptions, keyof SessionOptions>, command: Command) => {
      await runUiCommand({ ...opts, ...sessionOptions(command) });
    }),
);

program
  .command('demo')
  .description('walk through the employees and students examples on the warehouse, step by step')
  .option('--warehouse <dir>', 'warehouse folder (spark.sql.warehouse.dir)')
  .action(async (opts: { warehouse?: string }) => {
    // The global --warehouse takes the option wherever it is written; demo's own stays for its help text.
    await runDemo(opts.warehouse ?? program.opts<SessionOptions>().warehouse, (s) =>
      process.stdout.write(`${s}\n`),
    );
  });

addIngestCommand(program);

const table = program.command('table').description('look at and maintain Delta tables');
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
  .description(
    'reconstruct the snapshot of the Delta table at <path>, summarise it, and check its files: each exists with its recorded size, and its statistics agree with its data',
  )
  .option('--version <n>', 'time travel to a version', (v) => Number(v))
  .option('--sample <n>', 'compare the statistics of n files spread over the table (default: all)', (v) =>
    Number(v),
  )
  .action(async (path: string, opts: { version?: number; sample?: number }) => {
    const { text, ok } = await checkTable(path, opts);
    process.stdout.write(`${text}\n`);
    if (!ok) process.exitCode = 1;
  });
addSessionOptions(
  table
    .command('vacuum <path>')
    .description(
      'delete the files of the Delta table at <path> that no version within the retention needs (VACUUM)',
    )
    .option('--retain <hours>', 'keep removed files for this many hours (RETAIN n HOURS)', (v) => Number(v))
    .option('--dry-run', 'list the files that would be deleted, deleting nothing')
    .action(async (path: string, opts: { retain?: number; dryRun?: boolean }, command: Command) => {
      const out = await vacuumTableCommand(path, { ...opts, ...sessionOptions(command) }, process.stderr);
      process.stdout.write(`${out}\n`);
    }),
);

addSessionOptions(
  table
    .command('optimize <table>')
    .description(
      'OPTIMIZE the Delta table <table> (a table name or a path): compact small files, or Z-order them',
    )
    .option('--where <predicate>', 'only the partitions this predicate on partition columns selects')
    .option('--zorder-by <columns>', 'Z-order by these comma-separated columns')
    .option('--full', 'a clustered table reclusters every file')
    .action(
      async (name: string, opts: { where?: string; zorderBy?: string; full?: boolean }, command: Command) => {
        const text = await optimizeCommand(name, { ...opts, ...sessionOptions(command) }, process.stderr);
        process.stdout.write(`${text}\n`);
      },
    ),
);

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
