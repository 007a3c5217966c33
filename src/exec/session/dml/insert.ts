/**
 * INSERT INTO / INSERT OVERWRITE into a Delta table: the query's columns matched to the table's by position
 * (all columns but static partition columns), by an explicit column list, or BY NAME; each cast to its
 * column's type under Spark's ANSI store-assignment rules; then one commit. Returns Databricks' metric row.
 * (REPLACE WHERE/USING/ON, partition overwrite modes, DEFAULT and schema evolution come with the DML issue.)
 */
import { LakesqlError } from '../../../errors/index.js';
import { analyzerContext } from '../../../plan/analyzer/analyzer-context.js';
import { analyzeExpression } from '../../../plan/analyzer/expressions.js';
import { constantEnv } from '../../../plan/analyzer/relations.js';
import type { Attribute } from '../../../plan/logical/attribute.js';
import { type BoundExpr, typeOf } from '../../../plan/logical/bound-expression.js';
import type { LogicalPlan, NamedExpr } from '../../../plan/logical/logical-plan.js';
import { canStoreAssign } from '../../../plan/types/cast-rules.js';
import type { Insert } from '../../../sql/ast/statements-dml.js';
import { LongType, type StructField, sqlTypeName } from '../../../types/data-types.js';
import { writeDelta } from '../../delta-write.js';
import { writeParquetTable } from '../file-tables/parquet-table.js';
import { compileNamedQuery } from '../run-query.js';
import type { SqlSession, StatementResult } from '../sql-session.js';
import { resolveWriteTarget } from './write-target.js';

export async function insertInto(session: SqlSession, stmt: Insert): Promise<StatementResult> {
  if (stmt.replace || stmt.schemaEvolution || stmt.ifNotExists) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: 'INSERT … REPLACE / WITH SCHEMA EVOLUTION (the DML issue)',
    });
  }
  const target = await resolveWriteTarget(session, stmt.table.parts);
  const fields = target.schema.fields;
  const tableName = target.displayName;
  const staticParts = stmt.partition.filter((p) => p.value !== null);
  if (stmt.overwrite && stmt.partition.length > 0) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: 'INSERT OVERWRITE … PARTITION (the DML issue)',
    });
  }
  const plan = await session.analyze(stmt.query);
  const ctx = analyzerContext(session.relations, session.semantics, session.conf);

  // Which table column each query column feeds.
  const isStatic = (f: StructField) =>
    staticParts.some((p) => p.column.toLowerCase() === f.name.toLowerCase());
  let targets: StructField[];
  if (stmt.columns) {
    const seen = new Set<string>();
    targets = stmt.columns.map((c) => {
      const f = fields.find((x) => x.name.toLowerCase() === c.toLowerCase());
      if (!f) {
        throw new LakesqlError('UNRESOLVED_COLUMN.WITH_SUGGESTION', {
          objectName: `\`${c}\``,
          proposal: fields.map((x) => `\`${x.name}\``).join(', '),
        });
      }
      if (seen.has(f.name))
        throw new LakesqlError('DUPLICATE_KEY_IN_COLUMN_LIST', { columnName: `\`${f.name}\`` });
      seen.add(f.name);
      return f;
    });
  } else if (stmt.byName) {
    targets = plan.output.map((a) => {
      const f = fields.find((x) => x.name.toLowerCase() === a.name.toLowerCase());
      if (!f) {
        throw new LakesqlError('UNRESOLVED_COLUMN.WITH_SUGGESTION', {
          objectName: `\`${a.name}\``,
          proposal: fields.map((x) => `\`${x.name}\``).join(', '),
        });
      }
      return f;
    });
  } else {
    targets = fields.filter((f) => !isStatic(f));
  }
  if (plan.output.length !== targets.length) {
    throw new LakesqlError(
      plan.output.length > targets.length
        ? 'INSERT_COLUMN_ARITY_MISMATCH.TOO_MANY_DATA_COLUMNS'
        : 'INSERT_COLUMN_ARITY_MISMATCH.NOT_ENOUGH_DATA_COLUMNS',
      {
        tableName,
        tableColumns: targets.map((f) => `\`${f.name}\``).join(', '),
        dataColumns: plan.output.map((a) => `\`${a.name}\``).join(', '),
      },
    );
  }

  // One expression per table column: the cast query column, a static partition value, or NULL.
  const list: NamedExpr[] = [];
  for (const f of fields) {
    const i = targets.indexOf(f);
    let expr: BoundExpr;
    if (i >= 0) {
      expr = { kind: 'attributeRef', attr: plan.output[i]! };
    } else {
      const spec = staticParts.find((p) => p.column.toLowerCase() === f.name.toLowerCase());
      if (spec)
        expr = await analyzeExpression(spec.value!, constantEnv({ ctx, ctes: new Map(), outer: undefined }));
      else if (f.nullable) expr = { kind: 'literal', value: null, type: f.type };
      else {
        throw new LakesqlError('INCOMPATIBLE_DATA_FOR_TABLE.NULLABLE_COLUMN', {
          tableName,
          colName: `\`${f.name}\``,
        });
      }
    }
    list.push({
      expr: storeAssign(expr, f, tableName),
      attr: ctx.ids.fresh(f.name, f.type, f.nullable) as Attribute,
    });
  }
  const projected: LogicalPlan = { kind: 'project', child: plan, list, output: list.map((n) => n.attr) };
  const compiled = await compileNamedQuery(session.engine, projected, session.semantics);
  try {
    const written =
      target.kind === 'parquet'
        ? await writeParquetTable(session.engine, target.store, target.schema, compiled.sql, stmt.overwrite)
        : (
            await writeDelta(session.engine, session.parquet, target.store, {
              sourceSql: compiled.sql,
              schema: target.schema,
              mode: stmt.overwrite ? 'overwrite' : 'append',
            })
          ).numOutputRows;
    const n = BigInt(written);
    return {
      kind: 'rows',
      columns: [
        { name: 'num_affected_rows', type: LongType, nullable: false },
        { name: 'num_inserted_rows', type: LongType, nullable: false },
      ],
      rows: [[n, n]],
    };
  } finally {
    await compiled.release();
  }
}

/** Spark's ANSI store assignment: an allowed cast is an ANSI cast (invalid values fail); others fail now. */
function storeAssign(e: BoundExpr, f: StructField, tableName: string): BoundExpr {
  const from = typeOf(e);
  if (from.kind === f.type.kind && sqlTypeName(from) === sqlTypeName(f.type)) return e;
  if (e.kind === 'literal' && e.value === null) return { kind: 'literal', value: null, type: f.type };
  if (!canStoreAssign(from, f.type)) {
    throw new LakesqlError('INCOMPATIBLE_DATA_FOR_TABLE.CANNOT_SAFELY_CAST', {
      tableName,
      colName: `\`${f.name}\``,
      srcType: `"${sqlTypeName(from).toUpperCase()}"`,
      targetType: `"${sqlTypeName(f.type).toUpperCase()}"`,
    });
  }
  return { kind: 'cast', child: e, type: f.type, mode: 'ansi', implicit: true };
}
