/**
 * DeltaTable (delta-spark's `delta.tables.DeltaTable`), exported as `delta.DeltaTable`:
 * `DeltaTable.forName(spark, name)` / `forPath(spark, path)` / `isDeltaTable(spark, path)`, then
 * `alias`, `toDF`, `merge(...)` (merge-builder.ts), `update`, `delete`, `history`, `detail`,
 * `restoreToVersion`, `restoreToTimestamp`. Each operation builds the statement AST the SQL text would
 * parse to (UPDATE, DELETE, MERGE, DESCRIBE HISTORY / DETAIL, RESTORE) and runs it through the same
 * executor, so results, commits and errors are those of the SQL statements.
 * (src/api/delta-table.ts is the older low-level API over a location: rows in, rows out.)
 */

import { loadSnapshot } from '../../delta/snapshot.js';
import { LakesqlError } from '../../errors/index.js';
import { deleteFrom } from '../../exec/dml/delete.js';
import { restoreTo } from '../../exec/dml/restore.js';
import { updateTable } from '../../exec/dml/update.js';
import { describeStatement } from '../../exec/session/ddl/describe.js';
import { NO_SPAN, type ObjectName } from '../../sql/ast/common.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { resolveUserPath } from '../../storage/user-path.js';
import { tableRelation } from '../dataframe/ast.js';
import { DataFrame } from '../dataframe/dataframe.js';
import { freshAlias, openFrame, parseColumnName } from '../dataframe/frame.js';
import type { LakeSession } from '../lake-session.js';
import {
  type AssignmentMap,
  type ExpressionLike,
  toAssignments,
  toCondition,
  toExpression,
} from './expressions.js';
import { DeltaMergeBuilder } from './merge-builder.js';
import { resultDataFrame } from './result-frame.js';

export class DeltaTable {
  private constructor(
    private readonly spark: LakeSession,
    /** The name parts statements address: `['db', 't']`, or `['delta', path]` for a path table. */
    private readonly parts: readonly string[],
    private readonly aliasName: string | null,
  ) {}

  /** A catalog table; fails when it does not exist or is not a Delta table. */
  static async forName(spark: LakeSession, name: string): Promise<DeltaTable> {
    const parts = parseColumnName(name);
    const session = spark.sqlSession;
    const id = session.catalog.qualifyTableName(parts);
    const table = await session.catalog.catalog.getTable(id.database, id.name);
    if (table.tableType === 'VIEW' || table.provider !== 'delta') {
      throw new LakesqlError('DELTA_MISSING_DELTA_TABLE', { path: `\`${id.database}\`.\`${id.name}\`` });
    }
    return new DeltaTable(spark, parts, null);
  }

  /** The Delta table at a path or URI; fails with DELTA_MISSING_DELTA_TABLE when there is none. */
  static async forPath(spark: LakeSession, path: string): Promise<DeltaTable> {
    await loadSnapshot(storeForUrl(resolveUserPath(path, spark.sqlSession)), spark.sqlSession.parquet);
    return new DeltaTable(spark, ['delta', path], null);
  }

  /** Whether `path` holds a Delta table (a readable `_delta_log`). */
  static async isDeltaTable(spark: LakeSession, path: string): Promise<boolean> {
    try {
      await loadSnapshot(storeForUrl(resolveUserPath(path, spark.sqlSession)), spark.sqlSession.parquet);
      return true;
    } catch (e) {
      if (e instanceof LakesqlError) return false;
      throw e;
    }
  }

  /** The same table under an alias, for qualified names in merge / update / delete conditions. */
  alias(name: string): DeltaTable {
    return new DeltaTable(this.spark, this.parts, name);
  }

  /** The table's current rows as a DataFrame (under the alias, when one was given). */
  toDF(): DataFrame {
    const alias = this.aliasName ?? freshAlias();
    const relation = tableRelation(this.parts, alias);
    return new DataFrame(this.spark, () => openFrame(relation), alias);
  }

  /** MERGE INTO this table USING source ON condition: add clauses with `when…`, then `execute()`. */
  merge(source: DataFrame, condition: ExpressionLike): DeltaMergeBuilder {
    return new DeltaMergeBuilder(
      { parts: this.parts, alias: this.aliasName },
      source,
      toExpression(condition),
    );
  }

  /** UPDATE t SET … [WHERE condition]: `update(set)` or `update(condition, set)`, as delta-spark. */
  async update(conditionOrSet: ExpressionLike | AssignmentMap, set?: AssignmentMap): Promise<void> {
    const [condition, assignments] =
      set === undefined ? [null, conditionOrSet as AssignmentMap] : [conditionOrSet as ExpressionLike, set];
    await updateTable(this.spark.sqlSession, {
      kind: 'update',
      table: this.name(),
      alias: this.aliasName,
      assignments: toAssignments(assignments),
      where: toCondition(condition),
      span: NO_SPAN,
    });
  }

  /** DELETE FROM t [WHERE condition]. */
  async delete(condition?: ExpressionLike): Promise<void> {
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
      limit: limit ?? null,
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
    return resultDataFrame(
      this.spark,
      await restoreTo(this.spark.sqlSession, this.parts, { kind: 'version', version }),
    );
  }

  /** RESTORE TABLE t TO TIMESTAMP AS OF timestamp (text such as '2024-01-01 10:00:00', or a Date). */
  async restoreToTimestamp(timestamp: string | Date): Promise<DataFrame> {
    const text = timestamp instanceof Date ? timestamp.toISOString() : timestamp;
    return resultDataFrame(
      this.spark,
      await restoreTo(this.spark.sqlSession, this.parts, { kind: 'timestamp', timestamp: text }),
    );
  }

  private name(): ObjectName {
    return { kind: 'objectName', parts: this.parts, span: NO_SPAN };
  }
}
