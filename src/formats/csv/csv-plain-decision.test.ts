/**
 * A plain CSV read decided once (csv-plain-decision.ts): a later read of the same request reuses the decision
 * while the files are provably the bytes it saw, and decides again (reading and scanning the bytes) when they
 * are not. Counts the decisions (calls of plainCsvRead) rather than timing anything.
 */
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { field, IntegerType, StringType, sqlTypeName, struct } from '../../types/data-types.js';
import { DataSourceOptions } from '../data-source-options.js';
import { type CsvReadPlan, planFileRead } from '../file-source.js';
import { recentWriteWindowMs } from './csv-plain-decision.js';

const decisions = vi.hoisted(() => ({ count: 0 }));
vi.mock('./csv-plain-read.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('./csv-plain-read.js')>();
  return {
    ...m,
    plainCsvRead: (...args: Parameters<typeof m.plainCsvRead>) => {
      decisions.count += 1;
      return m.plainCsvRead(...args);
    },
  };
});

let dir: string;
let seq = 0;
const INFER: [string, string][] = [
  ['header', 'true'],
  ['inferSchema', 'true'],
];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-csv-decision-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  decisions.count = 0;
});

/** A folder holding `text` as one CSV file, written long enough ago (`ageMs`) or just now. */
async function folderWith(text: string, ageMs: number): Promise<{ folder: string; file: string }> {
  const folder = path.join(dir, `case${seq++}`);
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, 'part-0.csv');
  await writeFile(file, text);
  if (ageMs > 0) await age(file, ageMs);
  return { folder, file };
}

async function age(file: string, ms: number): Promise<void> {
  const when = new Date(Date.now() - ms);
  await utimes(file, when, when);
}

async function plan(
  folder: string,
  options: [string, string][],
  more: Partial<Parameters<typeof planFileRead>[0]> = {},
) {
  return planFileRead({
    format: 'csv',
    paths: [folder],
    options: new DataSourceOptions(options),
    dbfsRoot: dir,
    ...more,
  });
}

async function decided(folder: string, options: [string, string][] = INFER): Promise<CsvReadPlan> {
  const p = await plan(folder, options);
  if (p.kind !== 'csv') throw new Error(`expected a plain CSV read, got ${p.kind}`);
  return p;
}

const schemaText = (p: Awaited<ReturnType<typeof plan>>) =>
  p.kind === 'csv'
    ? p.read.schema.fields.map((f) => `${f.name} ${sqlTypeName(f.type)}`).join(', ')
    : p.kind === 'rows'
      ? `rows: ${p.rows.schema.fields.map((f) => `${f.name} ${sqlTypeName(f.type)}`).join(', ')}`
      : p.kind;

describe('a plain CSV read decided once', () => {
  it('is reused, pinned schema and all, while the files are unchanged', async () => {
    const { folder } = await folderWith('id,name\n1,a\n2,b\n', 60_000);
    const first = await decided(folder);
    expect(decisions.count).toBe(1);
    const pinned = struct([field('id', IntegerType, true), field('name', StringType, true)]);
    for (let i = 0; i < 3; i++) {
      const again = await plan(folder, [...INFER, ['format', 'csv'], ['schema', 'id int, name string']], {
        schema: pinned,
        decided: first.decision,
      });
      expect(again.kind).toBe('csv');
      expect(again.kind === 'csv' && again.decision).toBe(first.decision);
      expect(again.kind === 'csv' && again.read.schema).toEqual(pinned);
    }
    expect(decisions.count).toBe(1);
  });

  it('is decided again when a file changed size, and reads what the file now holds', async () => {
    const { folder, file } = await folderWith('id,name\n1,a\n', 60_000);
    const first = await decided(folder);
    await writeFile(file, 'id,name\n1,a\n"2",b\n');
    const again = await plan(folder, INFER, { decided: first.decision });
    expect(decisions.count).toBe(2);
    // A quote is not plain: the TypeScript reader takes the file.
    expect(schemaText(again)).toBe('rows: id int, name string');
  });

  it('is decided again when a file was added or the options differ', async () => {
    const { folder } = await folderWith('id\n1\n', 60_000);
    const first = await decided(folder);
    await writeFile(path.join(folder, 'part-1.csv'), 'id\n2\n');
    await age(path.join(folder, 'part-1.csv'), 60_000);
    await plan(folder, INFER, { decided: first.decision });
    expect(decisions.count).toBe(2);
    const second = await decided(folder);
    await plan(folder, [...INFER, ['sep', ';']], { decided: second.decision });
    expect(decisions.count).toBe(4);
  });

  it('is not taken for a different pinned schema, nor without one when it was decided with one', async () => {
    const { folder } = await folderWith('id\n1\n', 60_000);
    const first = await decided(folder);
    const other = await plan(folder, INFER, {
      schema: struct([field('id', StringType, true)]),
      decided: first.decision,
    });
    expect(decisions.count).toBe(2);
    expect(schemaText(other)).toBe('id string');
    if (other.kind !== 'csv') throw new Error(other.kind);
    const inferred = await plan(folder, INFER, { decided: other.decision });
    expect(decisions.count).toBe(3);
    expect(schemaText(inferred)).toBe('id int');
  });

  it('checks the bytes of a file whose modification time proves nothing (here: stamped in the future)', async () => {
    const { folder, file } = await folderWith('id,name\n1,a\n2,b\n', 0);
    const future = new Date(Date.now() + 60_000);
    await utimes(file, future, future);
    const first = await decided(folder);
    // Unchanged: the digest matches and the decision holds.
    await plan(folder, INFER, { decided: first.decision });
    expect(decisions.count).toBe(1);
    // The same size and modification time, other bytes: decided again, so `x` is a string, not an int.
    await writeFile(file, 'id,name\nx,a\n2,b\n');
    await utimes(file, future, future);
    const again = await plan(folder, INFER, { decided: first.decision });
    expect(decisions.count).toBe(2);
    expect(schemaText(again)).toBe('id string, name string');
  });

  it('takes a modification time as proof once it is older than the file system can blur', () => {
    // Fractions of a second: a fine-grained file system, whose clock ticks are at most 10 ms.
    expect(recentWriteWindowMs(1_700_000_000_123)).toBe(100);
    // Whole seconds: maybe a file system that keeps only (even) seconds.
    expect(recentWriteWindowMs(1_700_000_000_000)).toBe(2000);
  });
});
