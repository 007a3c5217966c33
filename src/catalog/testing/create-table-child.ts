/**
 * A child process of catalog-concurrency.test.ts. argv: <warehouse> <database> <table>.
 * Prints `ready`, waits for a line on stdin (so that all children race at once), creates the table and
 * prints `won`, or `lost` when another process created it first; any other failure exits non-zero.
 */
import { createInterface } from 'node:readline';
import { isLakesqlError } from '../../errors/index.js';
import { Catalog } from '../catalog.js';

const [warehouse, database, table] = process.argv.slice(2);
if (warehouse === undefined || database === undefined || table === undefined) {
  throw new Error('usage: create-table-child <warehouse> <database> <table>');
}
const catalog = Catalog.open(warehouse);
const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
await new Promise<void>((go) => lines.once('line', () => go()));
lines.close();
try {
  await catalog.createTable(database, table, { tableType: 'MANAGED', comment: `by ${process.pid}` });
  process.stdout.write('won\n');
} catch (e) {
  if (!isLakesqlError(e, 'TABLE_OR_VIEW_ALREADY_EXISTS')) throw e;
  process.stdout.write(`lost ${e.errorClass} ${e.sqlState}\n`);
}
