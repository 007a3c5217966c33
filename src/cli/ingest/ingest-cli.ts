/** Declares `lakesql ingest` on the program (its options are ingest-options.ts's). */
import { type Command, Option } from 'commander';
import type { Trigger } from '../../streaming/index.js';
import { addSessionOptions, sessionOptions } from '../session-options.js';
import { ingestCommand } from './ingest-command.js';
import {
  collectOption,
  INGEST_FORMATS,
  type IngestFormat,
  parseIngestFormat,
  parseIngestTrigger,
  parseMergeKeys,
} from './ingest-options.js';

interface IngestCliOptions {
  readonly from: string;
  readonly format: IngestFormat;
  readonly schema?: string;
  readonly option?: Record<string, string>;
  readonly into: string;
  readonly mergeOn?: string[];
  readonly checkpoint?: string;
  readonly trigger: Trigger;
}

export function addIngestCommand(program: Command): void {
  addSessionOptions(
    program
      .command('ingest')
      .description(
        'load new files from a folder into a Delta table, each file once (a streaming query with a checkpoint); append, or upsert with --merge-on',
      )
      .requiredOption('--from <dir>', 'the folder the files arrive in')
      .addOption(
        new Option('--format <format>', `the files' format: ${INGEST_FORMATS.join(', ')}`)
          .argParser(parseIngestFormat)
          .makeOptionMandatory(),
      )
      .option('--schema <ddl>', 'the columns, e.g. "id int, name string" (default: inferred from the files)')
      .option(
        '--option <key=value>',
        'a reader option, e.g. header=true or cloudFiles.format=json (repeatable)',
        collectOption,
      )
      .requiredOption('--into <table>', 'the Delta table, db.table; created on the first run when missing')
      .option(
        '--merge-on <columns>',
        'upsert on these comma-separated key columns instead of appending',
        parseMergeKeys,
      )
      .option(
        '--checkpoint <dir>',
        'the query checkpoint (default: <folder holding the table>/_checkpoints/<table>)',
      )
      .option(
        '--trigger <trigger>',
        'available-now (default: everything there now), once, or an interval such as "5 seconds"',
        parseIngestTrigger,
        { availableNow: true } as Trigger,
      )
      .action(async (opts: IngestCliOptions, command: Command) => {
        const abort = new AbortController();
        // Ctrl-C stops after the running batch; a second Ctrl-C exits at once (Node's default once removed).
        const onSigint = () => {
          process.stderr.write('\nstopping after the running batch (Ctrl-C again to quit now)\n');
          process.off('SIGINT', onSigint);
          abort.abort();
        };
        process.on('SIGINT', onSigint);
        try {
          const summary = await ingestCommand(
            {
              from: opts.from,
              format: opts.format,
              ...(opts.schema !== undefined ? { schema: opts.schema } : {}),
              options: opts.option ?? {},
              into: opts.into,
              mergeOn: opts.mergeOn ?? [],
              ...(opts.checkpoint !== undefined ? { checkpoint: opts.checkpoint } : {}),
              trigger: opts.trigger,
            },
            sessionOptions(command),
            { progress: process.stderr, signal: abort.signal },
          );
          process.stdout.write(`${JSON.stringify(summary)}\n`);
        } finally {
          process.off('SIGINT', onSigint);
        }
      }),
  );
}
