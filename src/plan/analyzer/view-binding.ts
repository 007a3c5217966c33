/**
 * How a persistent view's stored schema meets its query's current output (Spark 4's
 * SessionCatalog.fromCatalogTable and castColToType). Except under EVOLUTION, each recorded column is
 * found again by name (the n-th of its duplicates), or the view fails with INCOMPATIBLE_VIEW_SCHEMA_CHANGE;
 * then BINDING (and UNSUPPORTED without compensation) allows only safe up-casts (CANNOT_UP_CAST_DATATYPE),
 * COMPENSATION (and UNSUPPORTED with it) casts with ANSI rules, TYPE EVOLUTION takes the column as it
 * now is. EVOLUTION takes the query's output whole. Under both evolutions the catalog learns the new schema
 * (ViewSyncSchemaToMetaStore), through `sync`.
 */
import { LakesqlError } from '../../errors/index.js';
import type { StructField, StructType } from '../../types/data-types.js';
import { quotedType } from '../functions/spark-type-text.js';
import type { Attribute } from '../logical/attribute.js';
import { type BoundExpr, typeOf } from '../logical/bound-expression.js';
import type { LogicalPlan } from '../logical/logical-plan.js';
import { canUpCast, checkCast } from '../types/cast-rules.js';
import { typesEqual } from '../types/type-classes.js';
import type { QueryEnv } from './query-env.js';

export type ViewSchemaMode = 'BINDING' | 'COMPENSATION' | 'TYPE EVOLUTION' | 'EVOLUTION' | 'UNSUPPORTED';

export interface ViewBinding {
  /** `spark_catalog`.`db`.`v`, as errors name the view. */
  readonly viewName: string;
  readonly schema: StructType;
  /** The query's column names when the view was created (Spark's `view.query.out.col.*`). */
  readonly queryColumnNames: readonly string[];
  readonly mode: ViewSchemaMode;
  /** spark.sql.legacy.viewSchemaCompensation, which decides the casts of an UNSUPPORTED view. */
  readonly compensate: boolean;
  /** The statement INCOMPATIBLE_VIEW_SCHEMA_CHANGE suggests: CREATE OR REPLACE VIEW … AS <text>. */
  readonly suggestion: string;
  /** Records an evolved schema (and, under EVOLUTION, the new query column names) in the catalog. */
  readonly sync?: (schema: StructType, queryColumnNames: readonly string[]) => Promise<void>;
}

export async function bindViewOutput(plan: LogicalPlan, b: ViewBinding, env: QueryEnv): Promise<LogicalPlan> {
  const visible = plan.output.filter((a) => !a.hidden);
  if (b.mode === 'EVOLUTION') {
    await syncIfChanged(b, visible, true);
    return plan;
  }
  const names = b.queryColumnNames.length === b.schema.fields.length ? b.queryColumnNames : fieldNames(b);
  const seen = new Map<string, number>();
  const list = b.schema.fields.map((f, i) => {
    const name = names[i]!;
    const key = name.toLowerCase();
    const ordinal = seen.get(key) ?? 0;
    seen.set(key, ordinal + 1);
    const expected = names.filter((n) => n.toLowerCase() === key).length;
    const candidates = visible.filter((a) => a.name.toLowerCase() === key);
    if (candidates.length !== expected) {
      throw new LakesqlError('INCOMPATIBLE_VIEW_SCHEMA_CHANGE', {
        viewName: b.viewName,
        colName: name,
        expectedNum: String(expected),
        actualCols: `[${candidates.map((a) => a.name).join(',')}]`,
        suggestion: b.suggestion,
      });
    }
    const col = candidates[ordinal]!;
    const expr = castColumn(col, f, b);
    return { expr, attr: env.ctx.ids.fresh(f.name, typeOf(expr), col.nullable) };
  });
  if (b.mode === 'TYPE EVOLUTION') {
    await syncIfChanged(
      b,
      list.map((n) => n.attr),
      false,
    );
  }
  return { kind: 'project', child: plan, list, output: list.map((n) => n.attr) };
}

function fieldNames(b: ViewBinding): string[] {
  return b.schema.fields.map((f) => f.name);
}

function castColumn(col: Attribute, to: StructField, b: ViewBinding): BoundExpr {
  const ref: BoundExpr = { kind: 'attributeRef', attr: col };
  if (b.mode === 'TYPE EVOLUTION' || typesEqual(col.type, to.type)) return ref;
  const compensate = b.mode === 'COMPENSATION' || (b.mode === 'UNSUPPORTED' && b.compensate);
  if (compensate) {
    checkCast(col.type, to.type, 'ansi', `"${col.name}"`);
    return { kind: 'cast', child: ref, type: to.type, mode: 'ansi' };
  }
  if (!canUpCast(col.type, to.type)) {
    throw new LakesqlError('CANNOT_UP_CAST_DATATYPE', {
      expression: [...col.qualifier, col.name].join('.'),
      sourceType: quotedType(col.type),
      targetType: quotedType(to.type),
      details:
        'The type path of the target object is:\n\nYou can either add an explicit cast to the input data or choose a higher precision type of the field in the target object',
    });
  }
  return { kind: 'cast', child: ref, type: to.type, mode: 'ansi', implicit: true };
}

/** ViewSyncSchemaToMetaStore: a changed type or nullability (or, under EVOLUTION, names and arity). */
async function syncIfChanged(
  b: ViewBinding,
  output: readonly Attribute[],
  evolution: boolean,
): Promise<void> {
  if (!b.sync) return;
  const fields = b.schema.fields;
  const changed =
    (evolution && fields.length !== output.length) ||
    fields.some((f, i) => {
      const a = output[i];
      if (!a) return true;
      return !typesEqual(f.type, a.type) || f.nullable !== a.nullable || (evolution && f.name !== a.name);
    });
  if (!changed) return;
  const schema: StructType = {
    kind: 'struct',
    fields: output.map((a, i) => ({
      name: a.name,
      type: a.type,
      nullable: a.nullable,
      metadata: evolution ? {} : (fields[i]?.metadata ?? {}),
    })),
  };
  await b.sync(schema, evolution ? output.map((a) => a.name) : b.queryColumnNames);
}
