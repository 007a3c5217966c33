/**
 * A child process of the multi-process commit races in commit-race.test.ts.
 * argv: <tableDir> <append|deleteF0> <name>. It opens a Transaction on the table's latest snapshot (with the
 * JSON FakeParquetHandler, so no DuckDB starts), prints `ready`, waits for a line on stdin (the start signal,
 * so all children race from the same read version), commits, then prints one JSON line:
 * `{"ok":true,"version":n,"readVersion":r,"attempts":a}` and exits 0, or `{"ok":false,"errorClass":…}` and
 * exits 1. Anything unexpected is rethrown (exit code 1 with a stack on stderr).
 */
import { createInterface } from 'node:readline';
import { LakesqlError } from '../../errors/index.js';
import { LocalObjectStore } from '../../storage/local-store.js';
import { removeFileFor, startTransaction } from '../transaction.js';
import { FakeParquetHandler } from './fake-parquet-handler.js';

const [tableDir, mode, name] = process.argv.slice(2);
if (tableDir === undefined || (mode !== 'append' && mode !== 'deleteF0') || name === undefined) {
  throw new Error('usage: commit-race-child <tableDir> <append|deleteF0> <name>');
}
const store = new LocalObjectStore(tableDir);
const txn = await startTransaction(store, new FakeParquetHandler());
const added = {
  path: `${name}.parquet`,
  partitionValues: {},
  size: 1,
  modificationTime: 0,
  dataChange: true,
};
if (mode === 'append') {
  txn.addFiles([added]);
} else {
  // Read f0 and rewrite it: the shape of a DELETE or UPDATE that touched f0 (Delta's readFiles + remove).
  const f0 = txn.readSnapshot?.activeFiles().find((f) => f.path === 'f0.parquet');
  if (!f0) throw new Error('f0.parquet is not live');
  txn
    .readFiles([f0])
    .removeFiles([removeFileFor(f0, Date.now())])
    .addFiles([added]);
}

const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
await new Promise<void>((go) => lines.once('line', () => go()));
lines.close();
try {
  const result = await txn.commit({ name: mode === 'append' ? 'WRITE' : 'DELETE' });
  process.stdout.write(
    `${JSON.stringify({ ok: true, version: result.version, readVersion: txn.readVersion, attempts: result.attempts })}\n`,
  );
} catch (e) {
  if (!(e instanceof LakesqlError)) throw e;
  process.stdout.write(`${JSON.stringify({ ok: false, errorClass: e.errorClass })}\n`);
  process.exitCode = 1;
}
