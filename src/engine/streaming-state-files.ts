/**
 * One stateful streaming operator's state in its query's checkpoint: `state/<operatorId>/0/<version>.parquet`,
 * the whole state after batch `version - 1` (Spark's state store versions: batch N reads version N and
 * writes N + 1). Every batch writes a version, so a batch re-run after a crash reads exactly the state its
 * first run read, and its own version is replaced whole. A version appears at once or not at all: DuckDB
 * writes it beside its place and it is renamed in (local folders), or it is uploaded whole with put
 * (other stores). Only the last MIN_VERSIONS_TO_RETAIN versions are kept (spark.sql.streaming
 * .minBatchesToRetain's default).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { LakesqlError } from '../errors/index.js';
import { ObjectNotFoundError, type ObjectStore } from '../storage/object-store.js';
import type { EngineSession } from './engine-session.js';
import { quoteString } from './sql-text.js';
import { localCopyOf, ScratchFolder } from './temp-files.js';

const MIN_VERSIONS_TO_RETAIN = 100;

export class StreamingStateFiles {
  readonly #scratch = new ScratchFolder();

  constructor(
    private readonly engine: EngineSession,
    /** The checkpoint's `state/` folder. */
    private readonly store: ObjectStore,
    private readonly operatorId: number,
  ) {}

  private key(version: number): string {
    return `${this.operatorId}/0/${version}.parquet`;
  }

  /**
   * The DuckDB relation holding the state of `version`, or undefined for version 0 (no batch ran yet).
   * A missing later version means the checkpoint lost a file: Spark's CANNOT_LOAD_STATE_STORE.
   */
  async relation(version: number): Promise<string | undefined> {
    if (version === 0) return undefined;
    try {
      return `read_parquet(${quoteString(await localCopyOf(this.store, this.key(version), this.#scratch))})`;
    } catch (e) {
      if (!(e instanceof ObjectNotFoundError)) throw e;
      throw new LakesqlError(
        'CANNOT_LOAD_STATE_STORE.CANNOT_READ_DELTA_FILE_NOT_EXISTS',
        { fileToRead: `state/${this.key(version)}`, clazz: 'lakesql streaming state' },
        { cause: e },
      );
    }
  }

  /** Writes the rows of `select` as state `version`; returns their count and the file's size. */
  async write(version: number, select: string): Promise<{ rows: number; bytes: number }> {
    const key = this.key(version);
    const final = this.store.localPath(key);
    const temp = final ? `${final}.${this.engine.uniqueName('tmp')}` : await this.#scratch.file('.parquet');
    if (final) await fs.mkdir(path.dirname(final), { recursive: true });
    const rows = await this.engine.runCounting(
      `COPY (${select}) TO ${quoteString(temp)} (FORMAT parquet, COMPRESSION zstd)`,
    );
    const bytes = (await fs.stat(temp)).size;
    if (final) {
      await fs.rename(temp, final);
    } else {
      await this.store.put(key, await fs.readFile(temp));
      await fs.rm(temp, { force: true });
    }
    if (version > MIN_VERSIONS_TO_RETAIN) {
      await this.store.delete(this.key(version - MIN_VERSIONS_TO_RETAIN)).catch(() => {});
    }
    return { rows, bytes };
  }
}
