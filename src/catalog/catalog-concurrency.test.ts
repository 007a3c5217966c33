import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Catalog } from './catalog.js';
import { warehouseFolders } from './testing/catalog-fixtures.js';

const freshWarehouse = warehouseFolders();
const CHILD = fileURLToPath(new URL('./testing/create-table-child.ts', import.meta.url));

/** Starts one child per table name, releases them together, and returns each child's last line. */
async function race(warehouse: string, tables: readonly string[]): Promise<string[]> {
  const children = tables.map((table) =>
    spawn(process.execPath, ['--import', 'tsx', CHILD, warehouse, 'default', table], {
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  const outputs = children.map(collectStdout);
  await Promise.all(children.map((child) => untilLine(child, 'ready')));
  for (const child of children) child.stdin?.end('go\n');
  return (await Promise.all(outputs)).map((out) => out.trim().split('\n').at(-1) ?? '');
}

describe('Catalog across processes', () => {
  it('two processes creating the same table: exactly one wins, the other gets TABLE_OR_VIEW_ALREADY_EXISTS', async () => {
    const wh = await freshWarehouse();
    const results = await race(wh, ['t', 'T']);
    expect(results.sort()).toEqual(['lost TABLE_OR_VIEW_ALREADY_EXISTS 42P07', 'won']);
    expect(await Catalog.open(wh).listTables('default')).toEqual(['t']);
  }, 30_000);

  it('two processes creating different tables: both exist afterwards', async () => {
    const wh = await freshWarehouse();
    expect(await race(wh, ['a', 'b'])).toEqual(['won', 'won']);
    expect(await Catalog.open(wh).listTables('default')).toEqual(['a', 'b']);
  }, 30_000);
});

function collectStdout(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`child exited ${code}: ${out}`)),
    );
  });
}

function untilLine(child: ChildProcess, line: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.split('\n').includes(line)) {
        child.stdout?.off('data', onData);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.on('close', (code) => reject(new Error(`child exited ${code} before printing ${line}`)));
  });
}
