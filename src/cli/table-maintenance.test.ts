/** `lakesql table vacuum` and the file checks of `lakesql table check`, run as the commands run them. */
import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeSession } from '../api/lake-session.js';
import type { LakesqlError } from '../errors/index.js';
import { checkTable, vacuumTableCommand } from './table-commands.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lakesql-cli-maint-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A Delta table at `name` with two writes, the first overwritten: one removed file, one live. */
async function overwritten(name: string): Promise<string> {
  const folder = path.join(dir, name);
  const spark = await LakeSession.create({ warehouse: path.join(dir, 'wh') });
  try {
    await spark
      .createDataFrame([[1, 'a', null]], 'id int, s string, d date')
      .write.format('delta')
      .save(folder);
    await spark
      .sql(
        `INSERT OVERWRITE delta.\`${folder}\` VALUES (2, 'b', DATE'2024-01-02'), (3, NULL, DATE'2024-03-04')`,
      )
      .then((df) => df.collect());
  } finally {
    spark.stop();
  }
  return folder;
}

const parquet = async (folder: string) => (await readdir(folder)).filter((n) => n.endsWith('.parquet'));

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { isTTY, columns: 80, write: (t: string) => written.push(t), written };
}

describe('lakesql table vacuum', () => {
  it('--dry-run lists, then --retain 0 (retention check off) deletes, with JSON progress off a terminal', async () => {
    const folder = await overwritten('vac');
    expect(await parquet(folder)).toHaveLength(2);
    const conf = { 'spark.databricks.delta.retentionDurationCheck.enabled': 'false' };
    const dryProgress = stream(false);
    const dry = await vacuumTableCommand(folder, { conf, retain: 0, dryRun: true }, dryProgress);
    const lines = dry.split('\n');
    expect(lines[0]).toBe('Found 1 files and directories to delete.');
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toMatch(new RegExp(`^file:${folder}/part-.*\\.parquet$`));
    expect(await parquet(folder)).toHaveLength(2);
    expect(dryProgress.written.map((l) => JSON.parse(l))).toEqual([
      { command: 'vacuum', phase: 'listing', done: 0, total: 0 },
    ]);

    const progress = stream(false);
    expect(await vacuumTableCommand(folder, { conf, retain: 0 }, progress)).toBe(
      'Deleted 1 files and directories in a total of 1 directories.',
    );
    expect(progress.written.map((l) => JSON.parse(l))).toEqual([
      { command: 'vacuum', phase: 'listing', done: 0, total: 0 },
      { command: 'vacuum', phase: 'deleting', done: 1, total: 1 },
      { command: 'vacuum', phase: 'done', done: 1, total: 1 },
    ]);
    expect(await parquet(folder)).toHaveLength(1);
    expect(`file:${folder}/${(await parquet(folder))[0]}`).not.toBe(lines[1]);
  });

  it('on a terminal redraws one line and erases it; a short --retain fails with the retention check', async () => {
    const folder = await overwritten('vac_tty');
    const tty = stream(true);
    await vacuumTableCommand(folder, {}, tty);
    expect(tty.written.at(-1)).toBe('\r\x1b[2K');
    expect(tty.written.slice(0, -1).every((t) => t.startsWith('\r\x1b[2Kvacuum: '))).toBe(true);
    const err = await vacuumTableCommand(folder, { retain: 1 }, stream(false)).catch((e: unknown) => e);
    expect((err as LakesqlError).errorClass).toBe('DELTA_VACUUM_RETENTION_PERIOD_TOO_SHORT');
  });
});

describe('lakesql table check', () => {
  it('passes a sound table and names a missing file, a wrong size and statistics that disagree', async () => {
    const folder = await overwritten('chk');
    const sound = await checkTable(folder, {});
    expect(sound.ok).toBe(true);
    expect(sound.text).toContain(
      'files: 1 checked for existence and size; statistics compared with the data of 1',
    );
    expect(sound.text).toContain('problems: none');

    // Statistics that claim another row count and bounds the data breaks.
    const log = path.join(folder, '_delta_log', '00000000000000000001.json');
    const text = await readFile(log, 'utf8');
    const lied = text
      .split('\n')
      .map((l) => {
        if (!l.includes('"add"')) return l;
        const o = JSON.parse(l) as { add: { stats: string } };
        const st = JSON.parse(o.add.stats) as Record<string, Record<string, unknown> | number>;
        st.numRecords = 5;
        (st.minValues as Record<string, unknown>).id = 3;
        (st.nullCount as Record<string, unknown>).s = 0;
        o.add.stats = JSON.stringify(st);
        return JSON.stringify(o);
      })
      .join('\n');
    await writeFile(log, lied);
    const bad = await checkTable(folder, {});
    expect(bad.ok).toBe(false);
    const addLine = text.split('\n').find((l) => l.includes('"add"'))!;
    const file = (JSON.parse(addLine) as { add: { path: string } }).add.path;
    expect(bad.text.split('\n').filter((l) => l.startsWith('  '))).toEqual([
      `  ${file}: numRecords 5 in the log, 2 rows in the file`,
      `  ${file}: minValues of id is 3 in the log, but the file holds 2`,
      `  ${file}: nullCount of s is 0 in the log, 1 in the file`,
    ]);
    await writeFile(log, text);

    await truncate(path.join(folder, file), 10);
    const short = await checkTable(folder, {});
    expect(short.text).toMatch(new RegExp(`  ${file}: 10 bytes in storage, \\d+ recorded in the log`));
    await rm(path.join(folder, file));
    const gone = await checkTable(folder, { sample: 0 });
    expect(gone.text.split('\n').filter((l) => l.startsWith('  '))).toEqual([
      `  ${file}: missing from storage`,
    ]);
  });
});
