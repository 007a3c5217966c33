/**
 * A child process of the multi-process putIfAbsent race in local-store.test.ts.
 * argv: <rootDir> <key> <payload byte> <payload size>. It prints `ready`, waits for a line on stdin (the start
 * signal, so all children race at once), then prints `won` or `lost`; any other failure exits non-zero.
 */
import { createInterface } from 'node:readline';
import { LocalObjectStore } from '../local-store.js';
import { ObjectAlreadyExistsError } from '../object-store.js';

const [rootDir, key, byte, size] = process.argv.slice(2);
if (rootDir === undefined || key === undefined || byte === undefined || size === undefined) {
  throw new Error('usage: race-put-if-absent <rootDir> <key> <payload byte> <payload size>');
}
const store = new LocalObjectStore(rootDir);
const payload = new Uint8Array(Number(size)).fill(Number(byte));

const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
await new Promise<void>((go) => lines.once('line', () => go()));
lines.close();
try {
  await store.putIfAbsent(key, payload);
  process.stdout.write('won\n');
} catch (e) {
  if (!(e instanceof ObjectAlreadyExistsError)) throw e;
  process.stdout.write('lost\n');
}
