/**
 * DataFrameWriter (pyspark.sql.DataFrameWriter) for Delta tables (and file folders and file tables for
 * the parquet, csv, json and text formats):
 * `df.write.format('delta').mode(m).partitionBy(...).option(k, v).save(path) | saveAsTable(name) |
 * insertInto(name[, overwrite])`. Options (keys case-insensitive, as Spark's CaseInsensitiveMap) follow
 * Delta's DeltaOptions: replaceWhere, partitionOverwriteMode, mergeSchema, overwriteSchema, userMetadata.
 *
 * replaceWhere is checked as Delta's DataFrame API does (not as SQL's REPLACE WHERE): a row that does not
 * satisfy the predicate fails the write with DELTA_REPLACE_WHERE_MISMATCH, unless
 * `spark.databricks.delta.replaceWhere.constraintCheck.enabled` is false, in which case every row is written.
 */

import { LakesqlError } from '../../errors/index.js';
import { MAX_RECORDS_PER_FILE } from '../../exec/conf/conf-entries.js';
import { TXN_APP_ID_KEY, TXN_VERSION_KEY } from '../../exec/write/idempotent-write.js';
import { parseColumnName } from '../../sql/ast/frame.js';
import { parseExpression } from '../../sql/index.js';
import type { DataFrame } from './dataframe.js';
import {
  type DeltaWriteSpec,
  insertIntoTable,
  saveDelta,
  type WriteDestination,
  type WriteMode,
} from './write-delta.js';
import { saveAsFileTable } from './write-file-table.js';
import { saveFiles } from './write-files.js';

export type OptionValue = string | number | boolean;

const MODES: Readonly<Record<string, WriteMode>> = {
  append: 'append',
  overwrite: 'overwrite',
  error: 'errorifexists',
  errorifexists: 'errorifexists',
  default: 'errorifexists',
  ignore: 'ignore',
};

export class DataFrameWriter {
  #format = 'delta';
  #mode: WriteMode = 'errorifexists';
  #partitionBy: readonly string[] | null = null;
  readonly #options = new Map<string, string>();

  constructor(private readonly df: DataFrame) {}

  /** The data source: `delta` (lakesql's default, as on Databricks), `parquet`, `csv`, `json` or `text`. */
  format(source: string): this {
    this.#format = source.toLowerCase();
    return this;
  }

  /** Spark's save modes: append, overwrite, error / errorifexists / default, ignore (case-insensitive). */
  mode(saveMode: string): this {
    const m = MODES[saveMode.toLowerCase()];
    if (!m) throw new LakesqlError('INVALID_SAVE_MODE', { mode: `"${saveMode}"` });
    this.#mode = m;
    return this;
  }

  partitionBy(...cols: (string | readonly string[])[]): this {
    this.#partitionBy = cols.flat();
    return this;
  }

  option(key: string, value: OptionValue): this {
    this.#options.set(key.toLowerCase(), String(value));
    return this;
  }

  options(opts: Readonly<Record<string, OptionValue>>): this {
    for (const [k, v] of Object.entries(opts)) this.option(k, v);
    return this;
  }

  /** Writes to a Delta table (or a folder of files for the file formats) at a path or URI. */
  async save(path?: string): Promise<void> {
    const target = path ?? this.#options.get('path');
    if (target === undefined) {
      throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'save() without a path' });
    }
    if (this.#format !== 'delta') {
      const options = new Map([...this.#options].filter(([k]) => k !== 'path'));
      await saveFiles(this.session, target, {
        format: this.#format,
        query: await this.df.query(),
        mode: this.#mode,
        partitionBy: this.#partitionBy ?? [],
        options,
      });
      return;
    }
    await this.write({ kind: 'path', path: target });
  }

  parquet(path: string): Promise<void> {
    return this.format('parquet').save(path);
  }

  csv(path: string): Promise<void> {
    return this.format('csv').save(path);
  }

  json(path: string): Promise<void> {
    return this.format('json').save(path);
  }

  text(path: string): Promise<void> {
    return this.format('text').save(path);
  }

  orc(path: string): Promise<void> {
    return this.format('orc').save(path);
  }

  /**
   * Writes to a catalog table, creating it when absent: a managed Delta table, or for the file formats a
   * table of that format whose OPTIONS are the writer's options (external at the `path` option if given).
   */
  async saveAsTable(name: string): Promise<void> {
    if (this.#format !== 'delta') {
      await saveAsFileTable(this.session, parseColumnName(name), {
        format: this.#format,
        query: await this.df.query(),
        mode: this.#mode,
        partitionBy: this.#partitionBy ?? [],
        options: this.#options,
      });
      return;
    }
    const path = this.#options.get('path');
    await this.write({
      kind: 'table',
      parts: parseColumnName(name),
      ...(path === undefined ? {} : { path }),
    });
  }

  /**
   * Inserts into an existing table by column position (Spark's insertInto); overwrite defaults to the mode.
   * The table's own format and OPTIONS apply, whatever format() says (Spark's insertInto ignores the source).
   */
  async insertInto(name: string, overwrite?: boolean): Promise<void> {
    if (this.#partitionBy) {
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: 'insertInto() with partitionBy(): the table already defines its partitioning',
      });
    }
    const spec = await this.spec();
    await insertIntoTable(this.session, parseColumnName(name), {
      ...spec,
      mode: (overwrite ?? this.#mode === 'overwrite') ? 'overwrite' : 'append',
    });
  }

  private get session() {
    return this.df.sparkSession.sqlSession;
  }

  private async write(dest: WriteDestination): Promise<void> {
    const spec = await this.spec();
    if (spec.replaceWhere && spec.mode === 'overwrite') await this.checkReplaceWhere(spec);
    await saveDelta(this.session, dest, spec);
  }

  private bool(key: string): boolean {
    return this.#options.get(key.toLowerCase())?.toLowerCase() === 'true';
  }

  private async spec(): Promise<DeltaWriteSpec> {
    const replaceWhereText = this.#options.get('replacewhere') ?? null;
    const conf = new Map<string, string>();
    const overwriteMode = this.#options.get('partitionoverwritemode');
    if (overwriteMode !== undefined) {
      if (!['static', 'dynamic'].includes(overwriteMode.toLowerCase())) {
        throw new LakesqlError('UNSUPPORTED_FEATURE', {
          feature: `partitionOverwriteMode '${overwriteMode}' (static or dynamic)`,
        });
      }
      conf.set('spark.sql.sources.partitionOverwriteMode', overwriteMode.toLowerCase());
    }
    const userMetadata = this.#options.get('usermetadata');
    if (userMetadata !== undefined) conf.set('spark.databricks.delta.commitInfo.userMetadata', userMetadata);
    // Idempotent writes: the options take precedence over the session keys they stand for.
    const txnAppId = this.#options.get('txnappid');
    if (txnAppId !== undefined) conf.set(TXN_APP_ID_KEY, txnAppId);
    const txnVersion = this.#options.get('txnversion');
    if (txnVersion !== undefined) conf.set(TXN_VERSION_KEY, txnVersion);
    // Databricks: the maxRecordsPerFile option wins over spark.sql.files.maxRecordsPerFile.
    const maxRecordsPerFile = this.#options.get('maxrecordsperfile');
    if (maxRecordsPerFile !== undefined) conf.set(MAX_RECORDS_PER_FILE, maxRecordsPerFile);
    return {
      query: await this.df.query(),
      mode: this.#mode,
      partitionBy: this.#partitionBy,
      replaceWhere: replaceWhereText === null ? null : parseExpression(replaceWhereText),
      replaceWhereText,
      mergeSchema: this.bool('mergeSchema'),
      overwriteSchema: this.bool('overwriteSchema'),
      conf,
    };
  }

  /** Delta adds replaceWhere as a CHECK on the written rows: one whose predicate is not true fails the write. */
  private async checkReplaceWhere(spec: DeltaWriteSpec): Promise<void> {
    const enabled = this.session.conf.get('spark.databricks.delta.replaceWhere.constraintCheck.enabled');
    if (enabled?.toLowerCase() === 'false') return;
    const violating = await this.df.filter(`NOT ((${spec.replaceWhereText}) <=> true)`).count();
    if (violating > 0) {
      throw new LakesqlError('DELTA_REPLACE_WHERE_MISMATCH', { replaceWhere: `'${spec.replaceWhereText}'` });
    }
  }
}
