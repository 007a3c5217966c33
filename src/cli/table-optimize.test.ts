import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runLakesql } from './testing/cli-process.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'lakesql-cli-optimize-'));
const warehouse = path.join(dir, 'warehouse');

describe('lakesql table optimize', () => {
  it('compacts a table given by path or name, JSON progress on a non-terminal stderr, the metrics on stdout', async () => {
    const table = path.join(dir, 'events');
    const made = await runLakesql([
      'sql',
      '--warehouse',
      warehouse,
      '-e',
      `CREATE TABLE events (id INT, p STRING) USING DELTA PARTITIONED BY (p) LOCATION '${table}';` +
        "INSERT INTO events VALUES (1, 'a'); INSERT INTO events VALUES (2, 'a'); INSERT INTO events VALUES (3, 'b');" +
        "INSERT INTO events VALUES (4, 'b')",
    ]);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const byPath = await runLakesql(['table', 'optimize', table, '--where', "p = 'a'"]);
    expect(byPath.stderr).toBe('{"progress":{"binsDone":1,"bins":1}}\n');
    expect(byPath.code).toBe(0);
    const [row] = JSON.parse(byPath.stdout) as [{ path: string; metrics: Record<string, unknown> }];
    expect(row.path).toBe(`file:${table}`);
    expect([row.metrics.numFilesAdded, row.metrics.numFilesRemoved]).toEqual([1, 2]);

    const byName = await runLakesql([
      'table',
      'optimize',
      'events',
      '--warehouse',
      warehouse,
      '--zorder-by',
      'id',
    ]);
    expect(byName.code).toBe(0);
    const [z] = JSON.parse(byName.stdout) as [{ metrics: Record<string, unknown> }];
    expect([z.metrics.numFilesAdded, z.metrics.numFilesRemoved]).toEqual([2, 3]);
    expect(byName.stderr.split('\n').filter((l) => l !== '')).toEqual([
      '{"progress":{"binsDone":1,"bins":2}}',
      '{"progress":{"binsDone":2,"bins":2}}',
    ]);

    const bad = await runLakesql(['table', 'optimize', table, '--where', 'id > 1']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^\[DELTA_NON_PARTITION_COLUMN_REFERENCE\]/);
  }, 180_000); // three CLI processes, each starting DuckDB
});
