/**
 * DeltaTable (delta-spark's `delta.tables.DeltaTable`), the package's `DeltaTable`:
 * `DeltaTable.forName(spark, name)` / `forPath(spark, path)` / `isDeltaTable(spark, path)` /
 * `convertToDelta(spark, identifier, partitionSchema?)`, the `create` / `createIfNotExists` / `replace` /
 * `createOrReplace` builders (table-builder.ts), then `alias`, `toDF`, `merge(...)` (merge-builder.ts),
 * `update`, `delete`, `history`, `detail`, `restoreToVersion`, `restoreToTimestamp`, `upgradeTableProtocol`,
 * `clone` / `cloneAtVersion` / `cloneAtTimestamp`, `generate`, `vacuum` and `optimize()` (optimize-builder.ts).
 * Each operation builds the statement AST the SQL text would parse to (UPDATE, DELETE, MERGE, DESCRIBE
 * HISTORY / DETAIL, RESTORE, CREATE TABLE, CONVERT TO DELTA) and runs it through the same executor, so
 * results, commits and errors are those of the SQL statements.
 *
 * Arguments are positional, as in PySpark (`update(condition, set)`); a condition is a SQL string or a
 * Column, a set map `{ column: string | Column }`; any other kind of value is refused (arguments.ts).
 * Operations that run something resolve a Promise (`await t.history()`), where PySpark returns at once.
 */

import { loadSnapshot } from '../../delta/snapshot.js';
import { LakesqlError } from '../../errors/index.js';
import { describeStatement } from '../../exec/ddl/describe.js';
import { upgradeTableProtocol } from '../../exec/ddl/upgrade-protocol.js';
import { deleteFrom } from '../../exec/dml/delete.js';
import { type RestoreTarget, restoreTo } from '../../exec/dml/restore.js';
import { updateTable } from '../../exec/dml/update.js';
import { cloneTable } from '../../exec/maintenance/clone-table.js';
import { generateManifest } from '../../exec/maintenance/symlink-manifest.js';
import { vacuum } from '../../exec/maintenance/vacuum.js';
import { parseSchemaDdl } from '../../plan/types/parse-data-type.js';
import { NO_SPAN, type ObjectName } from '../../sql/ast/common.js';
import { freshAlias, openFrame, parseColumnName } from '../../sql/ast/frame.js';
import { tableRelation } from '../../sql/ast/node-builders.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { resolveUserPath } from '../../storage/user-path.js';
import { jsTypeName, requireBool, requireInt, requireString } from '../arguments.js';
import { DataFrame } from '../dataframe/dataframe.js';
import { StructType } from '../dataframe/schema.js';
import type { LakeSession } from '../lake-session.js';
import {
  type AssignmentMap,
  type ExpressionLike,
  toAssignments,
  toCondition,
  toExpression,
} from './expressions.js';
import { conditionAndMap, DeltaMergeBuilder } from './merge-builder.js';
import { DeltaOptimizeBuilder } from './optimize-builder.js';
import { resultDataFrame } from './result-frame.js';
import { DeltaTableBuilder, type TableBuilderMode } from './table-builder.js';

export class DeltaTable {
  private constructor(
    private readonly spark: LakeSession,
    /** The name parts statements address: `['db', 't']`, or `['delta', path]` for a path table. */
    private readonly parts: readonly string[],
    private readonly aliasName: string | null,
  ) {}

  /** A catalog table (or `delta.\`/path\``); fails when it does not exist or is not a Delta table. */
  static async forName(spark: LakeSession, tableOrViewName: string): Promise<DeltaTable> {
    const parts = parseColumnName(requireString(tableOrViewName, 'tableOrViewName'));
    if (parts.length === 2 && parts[0]!.toLowerCase() === 'delta')
      return DeltaTable.forPath(spark, parts[1]!);
    const session = spark.sqlSession;
    const id = session.catalog.qualifyTableName(parts);
    const table = await session.catalog.catalog.getTable(id.database, id.name);
    if (table.tableType === 'VIEW' || table.provider !== 'delta') {
      throw new LakesqlError('DELTA_MISSING_DELTA_TABLE', { path: `\`${id.database}\`.\`${id.name}\`` });
    }
    return new DeltaTable(spark, parts, null);
  }

  /**
   * The Delta table at a path or URI; fails with DELTA_MISSING_DELTA_TABLE when there is none. delta-spark's
   * `hadoopConf` (file system keys) has no meaning without Hadoop: a non-empty one is refused.
   */
  static async forPath(
    spark: LakeSession,
    path: string,
    hadoopConf?: Readonly<Record<string, string>>,
  ): Promise<DeltaTable> {
    if (hadoopConf !== undefined && Object.keys(hadoopConf).length > 0) {
      throw new LakesqlError('NOT_IMPLEMENTED', { feature: 'DeltaTable.forPath with hadoopConf' });
    }
    await loadSnapshot(
      storeForUrl(resolveUserPath(requireString(path, 'path'), spark.sqlSession)),
      spark.sqlSession.parquet,
    );
    return new DeltaTable(spark, ['delta', path], null);
  }

  /** Whether `identifier` (a path) holds a Delta table (a readable `_delta_log`). */
  static async isDeltaTable(spark: LakeSession, identifier: string): Promise<boolean> {
    try {
      await loadSnapshot(
        storeForUrl(resolveUserPath(requireString(identifier, 'identifier'), spark.sqlSession)),
        spark.sqlSession.parquet,
      );
      return true;
    } catch (e) {
      if (e instanceof LakesqlError && e.errorClass !== 'NOT_STR') return false;
      throw e;
    }
  }

  /**
   * CONVERT TO DELTA identifier [PARTITIONED BY (partitionSchema)] [NO STATISTICS]: `identifier` is
   * ``parquet.`/path` ``, `partitionSchema` DDL text (`'part int'`) or a `types.StructType`, `collectStats`
   * false for NO STATISTICS. Opens the converted table.
   */
  static async convertToDelta(
    spark: LakeSession,
    identifier: string,
    partitionSchema?: string | StructType | null,
    collectStats = true,
  ): Promise<DeltaTable> {
    requireBool(collectStats, 'collectStats');
    const parts = parseColumnName(requireString(identifier, 'identifier'));
    let partitions = partitionSchema ?? undefined;
    if (typeof partitions === 'string') partitions = StructType.fromRaw(parseSchemaDdl(partitions));
    if (partitions !== undefined && !(partitions instanceof StructType)) {
      throw new LakesqlError('NOT_STR_OR_STRUCT', {
        arg_name: 'partitionSchema',
        arg_type: jsTypeName(partitionSchema),
      });
    }
    await spark.sqlSession.executeStatement({
      kind: 'convertToDelta',
      table: { kind: 'objectName', parts, span: NO_SPAN },
      noStatistics: !collectStats,
      partitionedBy: (partitions?.raw.fields ?? []).map((f) => ({
        name: f.name,
        dataType: f.type,
        nullable: f.nullable,
        comment: null,
        default: null,
        generated: null,
        position: null,
        span: NO_SPAN,
      })),
      span: NO_SPAN,
    });
    return parts.length === 2 && parts[0]!.toLowerCase() === 'parquet'
      ? DeltaTable.forPath(spark, parts[1]!)
      : DeltaTable.forName(spark, identifier);
  }

  /** A builder for CREATE TABLE (fails when the table exists). */
  static create(spark: LakeSession): DeltaTableBuilder<DeltaTable> {
    return DeltaTable.builder(spark, 'create');
  }

  /** A builder for CREATE TABLE IF NOT EXISTS. */
  static createIfNotExists(spark: LakeSession): DeltaTableBuilder<DeltaTable> {
    return DeltaTable.builder(spark, 'createIfNotExists');
  }

  /** A builder for REPLACE TABLE (fails when the table does not exist). */
  static replace(spark: LakeSession): DeltaTableBuilder<DeltaTable> {
    return DeltaTable.builder(spark, 'replace');
  }

  /** A builder for CREATE OR REPLACE TABLE. */
  static createOrReplace(spark: LakeSession): DeltaTableBuilder<DeltaTable> {
    return DeltaTable.builder(spark, 'createOrReplace');
  }

  private static builder(spark: LakeSession, mode: TableBuilderMode): DeltaTableBuilder<DeltaTable> {
    return new DeltaTableBuilder(spark, mode, (s, name, location) =>
      name !== null ? DeltaTable.forName(s, name) : DeltaTable.forPath(s, location!),
    );
  }

  /** The same table under an alias, for qualified names in merge / update / delete conditions. */
  alias(aliasName: string): DeltaTable {
    return new DeltaTable(this.spark, this.parts, requireString(aliasName, 'aliasName'));
  }

  /** The table's current rows as a DataFrame (under the alias, when one was given). */
  toDF(): DataFrame {
    const alias = this.aliasName ?? freshAlias();
    const relation = tableRelation(this.parts, alias);
    return new DataFrame(this.spark, () => openFrame(relation), alias);
  }

  /** MERGE INTO this table USING source ON condition: add clauses with `when…`, then `execute()`. */
  merge(source: DataFrame, condition: ExpressionLike): DeltaMergeBuilder {
    if (!(source instanceof DataFrame)) {
      throw new LakesqlError('NOT_DATAFRAME', { arg_name: 'source', arg_type: jsTypeName(source) });
    }
    return new DeltaMergeBuilder(
      { parts: this.parts, alias: this.aliasName },
      source,
      toExpression(condition, 'condition'),
    );
  }

  /** UPDATE t SET … [WHERE condition]: `update(set)` or `update(condition, set)`, as delta-spark. */
  async update(set: AssignmentMap): Promise<void>;
  async update(condition: ExpressionLike | null, set: AssignmentMap): Promise<void>;
  async update(...args: unknown[]): Promise<void> {
    const [condition, set] = conditionAndMap(args, 'update', 'set');
    const where = toCondition(condition);
    await updateTable(this.spark.sqlSession, {
      kind: 'update',
      table: this.name(),
      alias: this.aliasName,
      assignments: toAssignments(set, 'set', 'update(condition, set)'),
      where,
      span: NO_SPAN,
    });
  }

  /** DELETE FROM t [WHERE condition]. */
  async delete(condition?: ExpressionLike | null): Promise<void> {
    await deleteFrom(this.spark.sqlSession, {
      kind: 'delete',
      table: this.name(),
      alias: this.aliasName,
      where: toCondition(condition),
      span: NO_SPAN,
    });
  }

  /** DESCRIBE HISTORY [LIMIT n]: newest commit first, in Delta's history columns. */
  async history(limit?: number): Promise<DataFrame> {
    const result = await describeStatement(this.spark.sqlSession, {
      kind: 'describeHistory',
      name: this.name(),
      limit: limit === undefined || limit === null ? null : requireInt(limit, 'limit'),
      span: NO_SPAN,
    });
    return resultDataFrame(this.spark, result);
  }

  /** DESCRIBE DETAIL: one row with format, location, partitionColumns, numFiles, sizeInBytes, … */
  async detail(): Promise<DataFrame> {
    const result = await describeStatement(this.spark.sqlSession, {
      kind: 'describeDetail',
      name: this.name(),
      span: NO_SPAN,
    });
    return resultDataFrame(this.spark, result);
  }

  /** RESTORE TABLE t TO VERSION AS OF version; resolves to the restore metrics row. */
  async restoreToVersion(version: number): Promise<DataFrame> {
    const v = requireInt(version, 'version');
    return resultDataFrame(
      this.spark,
      await restoreTo(this.spark.sqlSession, this.parts, { kind: 'version', version: v }),
    );
  }

  /** RESTORE TABLE t TO TIMESTAMP AS OF timestamp (`yyyy-MM-dd`, `yyyy-MM-dd HH:mm:ss`, or a Date). */
  async restoreToTimestamp(timestamp: string | Date): Promise<DataFrame> {
    const text = timestamp instanceof Date ? timestamp.toISOString() : requireString(timestamp, 'timestamp');
    return resultDataFrame(
      this.spark,
      await restoreTo(this.spark.sqlSession, this.parts, { kind: 'timestamp', timestamp: text }),
    );
  }

  /** Raises the table's protocol to (readerVersion, writerVersion): one UPGRADE PROTOCOL commit. */
  async upgradeTableProtocol(readerVersion: number, writerVersion: number): Promise<void> {
    await upgradeTableProtocol(
      this.spark.sqlSession,
      this.parts,
      requireInt(readerVersion, 'readerVersion'),
      requireInt(writerVersion, 'writerVersion'),
    );
  }

  /**
   * VACUUM t [RETAIN retentionHours HOURS]: deletes the files no version within the retention needs
   * (exec/maintenance/vacuum.ts). Resolves an empty DataFrame, as delta-spark's `vacuum` returns.
   */
  async vacuum(retentionHours?: number): Promise<DataFrame> {
    if (
      retentionHours !== undefined &&
      (typeof retentionHours !== 'number' || !Number.isFinite(retentionHours))
    ) {
      throw new LakesqlError('NOT_FLOAT', {
        arg_name: 'retentionHours',
        arg_type: jsTypeName(retentionHours),
      });
    }
    await vacuum(
      this.spark.sqlSession,
      this.parts,
      retentionHours === undefined ? {} : { retainHours: retentionHours },
    );
    return this.spark.emptyDataFrame();
  }

  /** OPTIMIZE: a builder whose `executeCompaction()` / `executeZOrderBy(...)` run it (optimize-builder.ts). */
  optimize(): DeltaOptimizeBuilder {
    return new DeltaOptimizeBuilder(this.spark, this.name());
  }

  /** GENERATE mode FOR TABLE t: writes the `_symlink_format_manifest` files (mode `symlink_format_manifest`). */
  async generate(mode: string): Promise<void> {
    await generateManifest(this.spark.sqlSession, this.parts, requireString(mode, 'mode'));
  }

  /**
   * CREATE OR REPLACE | CREATE TABLE target {SHALLOW | DEEP} CLONE this (delta-spark 3.x `clone`): `target` is a
   * table name or delta.`/path`; resolves to the clone as a DeltaTable.
   */
  async clone(
    target: string,
    isShallow: boolean,
    replace = false,
    properties: Readonly<Record<string, string>> | null = null,
  ): Promise<DeltaTable> {
    return this.cloneAt(undefined, target, isShallow, replace, properties);
  }

  /** `clone` of the table as it was at `version` (VERSION AS OF). */
  async cloneAtVersion(
    version: number,
    target: string,
    isShallow: boolean,
    replace = false,
    properties: Readonly<Record<string, string>> | null = null,
  ): Promise<DeltaTable> {
    const at = { kind: 'version' as const, version: requireInt(version, 'version') };
    return this.cloneAt(at, target, isShallow, replace, properties);
  }

  /** `clone` of the table as it was at `timestamp` (TIMESTAMP AS OF; `yyyy-MM-dd[ HH:mm:ss]` or a Date). */
  async cloneAtTimestamp(
    timestamp: string | Date,
    target: string,
    isShallow: boolean,
    replace = false,
    properties: Readonly<Record<string, string>> | null = null,
  ): Promise<DeltaTable> {
    const text = timestamp instanceof Date ? timestamp.toISOString() : requireString(timestamp, 'timestamp');
    return this.cloneAt({ kind: 'timestamp', timestamp: text }, target, isShallow, replace, properties);
  }

  private async cloneAt(
    at: RestoreTarget | undefined,
    target: string,
    isShallow: boolean,
    replace: boolean,
    properties: Readonly<Record<string, string>> | null,
  ): Promise<DeltaTable> {
    const targetParts = parseColumnName(requireString(target, 'target'));
    const props: Record<string, string> = {};
    for (const [k, v] of Object.entries(properties ?? {})) props[k] = requireString(v, `properties.${k}`);
    await cloneTable(this.spark.sqlSession, {
      source: this.parts,
      at,
      target: targetParts,
      shallow: requireBool(isShallow, 'isShallow'),
      mode: requireBool(replace, 'replace') ? 'createOrReplace' : 'create',
      ifNotExists: false,
      location: undefined,
      properties: props,
    });
    return new DeltaTable(this.spark, targetParts, null);
  }

  private name(): ObjectName {
    return { kind: 'objectName', parts: this.parts, span: NO_SPAN };
  }
}
