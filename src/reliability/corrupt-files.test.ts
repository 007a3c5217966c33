/**
 * Corrupted data files (issue 13, "Fuzz"): a Delta table's Parquet data file, and an ORC file, damaged in
 * every way of a list and at random byte positions (fast-check). Each read must fail with a typed error
 * that names the damaged file (or, where the damage leaves the file readable, succeed), within bounded
 * time; never an untyped error or an INTERNAL_ERROR. Checkpoints damaged the same ways are read past
 * (checkpoint-fallback.test.ts covers their cases one by one).
 */
import { copyFile, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { isLakesqlError, LakesqlError } from '../errors/index.js';
import { useSqlSession } from '../exec/session/testing/sql-session-fixture.js';
import { SEED, SETTINGS } from './testing/reliability-settings.js';

const fixture = useSqlSession('lakesql-corrupt-');

/** One way to damage a file's bytes. */
type Damage = (bytes: Buffer) => Buffer;

const DAMAGES: Record<string, Damage> = {
  'empty file': () => Buffer.alloc(0),
  '7 bytes': (b) => b.subarray(0, 7),
  'cut in half': (b) => b.subarray(0, b.length >> 1),
  'footer cut off': (b) => b.subarray(0, b.length - 12),
  'last byte cut': (b) => b.subarray(0, b.length - 1),
  garbage: (b) => Buffer.from('x'.repeat(b.length)),
  'footer length huge': (b) => {
    const out = Buffer.from(b);
    out.writeUInt32LE(0x7fffffff, out.length - 8);
    return out;
  },
  'middle zeroed': (b) => {
    const out = Buffer.from(b);
    out.fill(0, out.length >> 2, (out.length * 3) >> 2);
    return out;
  },
};

let parquetFile: string;
let parquetCopy: string;
let orcFile: string;
let orcCopy: string;
beforeAll(async () => {
  const { session, dir } = fixture;
  await session.execute(
    'CREATE TABLE p AS SELECT id, CAST(id AS STRING) AS s, id * 1.5 AS d FROM range(0, 2000) AS r(id)',
  );
  const pDir = path.join(dir, 'wh', 'p');
  parquetFile = path.join(pDir, (await readdir(pDir)).find((n) => n.endsWith('.parquet'))!);
  parquetCopy = path.join(dir, 'p.parquet.orig');
  await copyFile(parquetFile, parquetCopy);
  await session.execute(
    'CREATE TABLE o USING orc AS SELECT id, CAST(id AS STRING) AS s, id * 1.5 AS d FROM range(0, 2000) AS r(id)',
  );
  const oDir = path.join(dir, 'wh', 'o');
  orcFile = path.join(oDir, (await readdir(oDir)).find((n) => n.endsWith('.orc'))!);
  orcCopy = path.join(dir, 'o.orc.orig');
  await copyFile(orcFile, orcCopy);
});

/** Errors of the query over values that decoded, however wrong: not the reader's to name a file in. */
const VALUE_ERRORS: ReadonlySet<string> = new Set(['ARITHMETIC_OVERFLOW']);

/** Damages `file` (from its pristine copy), runs `sql`, restores the file; the outcome in words. */
async function readDamaged(file: string, original: string, damage: Damage, sql: string): Promise<string> {
  await writeFile(file, damage(await readFile(original)));
  const started = Date.now();
  try {
    await fixture.session.execute(sql);
    return 'read';
  } catch (e) {
    const ms = Date.now() - started;
    expect(ms, 'bounded time').toBeLessThan(30_000);
    if (!(e instanceof LakesqlError)) return `untyped: ${String(e)}`;
    if (e.errorClass === 'INTERNAL_ERROR') return `INTERNAL_ERROR: ${e.message.split('\n')[0]}`;
    // Damage that still decodes gives wrong but well-formed values, and the query may then fail on them
    // (a decimal sum past 38 digits): a typed error of the query, which no reader could tie to the file.
    if (VALUE_ERRORS.has(e.errorClass)) return e.errorClass;
    if (!e.message.includes(path.basename(file))) return `${e.errorClass} without the file: ${e.message}`;
    return e.errorClass;
  } finally {
    await copyFile(original, file);
  }
}

const READS = {
  parquet: () => ['SELECT sum(id), max(s), sum(d) FROM p', parquetFile, parquetCopy] as const,
  orc: () => [`SELECT sum(id), max(s), sum(d) FROM orc.\`${orcFile}\``, orcFile, orcCopy] as const,
};

describe('corrupted data files', () => {
  for (const [format, read] of Object.entries(READS)) {
    it.each(Object.keys(DAMAGES))(`${format}: %s gives a typed error naming the file`, async (name) => {
      const [sql, file, copy] = read();
      const outcome = await readDamaged(file, copy, DAMAGES[name]!, sql);
      expect(outcome === 'read' || /^[A-Z_.]+$/.test(outcome), outcome).toBe(true);
      expect(outcome).not.toBe('read'); // each of these damages is detectable
    });

    it(`${format}: random bytes overwritten (seed ${SEED})`, async () => {
      const [sql, file, copy] = read();
      const size = (await readFile(copy)).length;
      const outcomes = new Map<string, number>();
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.nat(size - 1), fc.integer({ min: 0, max: 255 })), {
            minLength: 1,
            maxLength: 8,
          }),
          async (edits) => {
            const outcome = await readDamaged(
              file,
              copy,
              (b) => {
                const out = Buffer.from(b);
                for (const [at, byte] of edits) out[at] = byte;
                return out;
              },
              sql,
            );
            outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
            expect(outcome === 'read' || /^[A-Z_.]+$/.test(outcome), outcome).toBe(true);
          },
        ),
        { seed: SEED, numRuns: Math.ceil(SETTINGS.fuzzRuns / 5) },
      );
      console.log(format, JSON.stringify(Object.fromEntries(outcomes)));
    });
  }

  it('a data file deleted under the table: a typed error naming it', async () => {
    await rm(parquetFile);
    try {
      const e = await fixture.session.execute('SELECT * FROM p').catch((x: unknown) => x);
      expect(isLakesqlError(e) && e.errorClass !== 'INTERNAL_ERROR', String(e)).toBe(true);
      expect(String((e as Error).message)).toContain(path.basename(parquetFile));
    } finally {
      await copyFile(parquetCopy, parquetFile);
    }
  });
});
