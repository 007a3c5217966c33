/**
 * Which table column each of an INSERT's query columns feeds (Databricks' INSERT reference, Spark's
 * TableOutputResolver): without a column list, all columns but the static partition columns in table order,
 * the dynamic partition columns last; with a list, those columns, each at most once and none of them a
 * static partition column; BY NAME, the column of the same name. With schema evolution, query columns the
 * table lacks are appended to the schema (schema-evolution.ts); without it they are an error.
 */
import { LakesqlError } from '../../errors/index.js';
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';
import { assertUniqueColumnNames } from '../../plan/types/sql-schema.js';
import type { Expression } from '../../sql/ast/expressions.js';
import type { PartitionSpecEntry } from '../../sql/ast/statements-ddl.js';
import type { Insert } from '../../sql/ast/statements-dml.js';
import type { StructField, StructType } from '../../types/data-types.js';
import { evolveSchema } from './schema-evolution.js';
import type { WriteTarget } from './write-target.js';

export interface PartitionSpec {
  /** Static partition columns (table spelling) -> their value expression. */
  readonly staticValues: ReadonlyMap<string, Expression>;
  /** Dynamic partition columns named in the spec without a value (table spelling). */
  readonly dynamic: readonly string[];
}

const eq = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const quoted = (fs: readonly { name: string }[]) => fs.map((f) => `\`${f.name}\``).join(', ');

export function partitionSpec(
  entries: readonly PartitionSpecEntry[],
  partitionColumns: readonly string[],
  schema: StructType,
): PartitionSpec {
  const staticValues = new Map<string, Expression>();
  const dynamic: string[] = [];
  for (const e of entries) {
    const column = partitionColumns.find((p) => eq(p, e.column));
    if (!column) throw new LakesqlError('NON_PARTITION_COLUMN', { columnName: `\`${e.column}\`` });
    const name = schema.fields.find((f) => eq(f.name, column))?.name ?? column;
    if (e.value) staticValues.set(name, e.value);
    else dynamic.push(name);
  }
  return { staticValues, dynamic };
}

/** The columns a query without a column list feeds: all but static partition columns, dynamic ones last. */
function implicitColumns(schema: StructType, spec: PartitionSpec): StructField[] {
  const data = schema.fields.filter(
    (f) => !spec.staticValues.has(f.name) && !spec.dynamic.some((d) => eq(d, f.name)),
  );
  const dynamic = spec.dynamic.map((d) => schema.fields.find((f) => eq(f.name, d))!);
  return [...data, ...dynamic];
}

function listedColumns(columns: readonly string[], schema: StructType, spec: PartitionSpec): StructField[] {
  // Spark 4 checks the list for repeats before resolving it (ResolveUserSpecifiedColumns ->
  // SchemaUtils.checkColumnNameDuplication): COLUMN_ALREADY_EXISTS names the repeat, lower-cased as Spark's
  // case-insensitive resolver compares it.
  assertUniqueColumnNames(columns);
  return columns.map((c) => {
    const f = schema.fields.find((x) => eq(x.name, c));
    if (!f) {
      throw new LakesqlError('UNRESOLVED_COLUMN.WITH_SUGGESTION', {
        objectName: `\`${c}\``,
        proposal: quoted(schema.fields),
      });
    }
    if (spec.staticValues.has(f.name)) {
      throw new LakesqlError('STATIC_PARTITION_COLUMN_IN_INSERT_COLUMN_LIST', {
        staticName: `\`${f.name}\``,
      });
    }
    return f;
  });
}

export const insertTargets = {
  /** The target of each query position as far as it is known before analysis (for the DEFAULT keyword). */
  positional(stmt: Insert, schema: StructType, spec: PartitionSpec): (StructField | undefined)[] {
    if (stmt.byName) return [];
    return stmt.columns ? listedColumns(stmt.columns, schema, spec) : implicitColumns(schema, spec);
  },

  resolve(
    stmt: Insert,
    plan: LogicalPlan,
    target: WriteTarget,
    spec: PartitionSpec,
    evolve: boolean,
  ): { schema: StructType; targets: StructField[] } {
    let schema = target.schema;
    const output = plan.output;
    if (stmt.byName) {
      const missing = output.filter((a) => !schema.fields.some((f) => eq(f.name, a.name)));
      if (missing.length > 0) {
        if (!evolve) {
          throw new LakesqlError('DELTA_METADATA_MISMATCH', {
            detail: `Data columns not in the table: ${quoted(missing)}. Table columns: ${quoted(schema.fields)}.`,
          });
        }
        schema = evolveSchema(schema, missing);
      }
      return { schema, targets: output.map((a) => schema.fields.find((f) => eq(f.name, a.name))!) };
    }
    let targets = stmt.columns ? listedColumns(stmt.columns, schema, spec) : implicitColumns(schema, spec);
    // With schema evolution, trailing query columns beyond the table's become new columns (by their names).
    if (evolve && !stmt.columns && output.length > targets.length) {
      const extra = output.slice(targets.length);
      schema = evolveSchema(schema, extra);
      targets = [...targets, ...schema.fields.slice(schema.fields.length - extra.length)];
    }
    if (output.length !== targets.length) {
      throw new LakesqlError(
        output.length > targets.length
          ? 'INSERT_COLUMN_ARITY_MISMATCH.TOO_MANY_DATA_COLUMNS'
          : 'INSERT_COLUMN_ARITY_MISMATCH.NOT_ENOUGH_DATA_COLUMNS',
        { tableName: target.displayName, tableColumns: quoted(targets), dataColumns: quoted(output) },
      );
    }
    return { schema, targets };
  },
};
