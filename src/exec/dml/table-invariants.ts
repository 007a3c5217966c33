/**
 * The rows a write commits, made to obey the table (Delta's TransactionalWrite.normalizeData and
 * DeltaInvariantCheckerExec): generated columns computed where the writer did not give them, identity
 * values handed out above the high-water mark, then every row checked against the NOT NULL columns, the
 * CHECK constraints (`delta.constraints.*`) and the generated columns it did give (Delta checks those as the
 * constraint "Generated Column": `col <=> expr`), and CHAR(n)/VARCHAR(n) values fitted to their length
 * (char-varchar-write.ts). A violation raises inside the engine's query, so the
 * data files are never committed: the statement fails as a whole.
 *
 * This is the one implementation of the table's write-time rules: INSERT (and the DataFrame writes that run
 * as INSERTs), UPDATE and DELETE (rewrite-files.ts), MERGE (merge-execution.ts) and an overwriteSchema write
 * all call `prepareTableRows` on the rows they are about to write (every table column, by name), then
 * `identityMetadataAfterWrite` for the new high-water marks.
 *
 * Which rows get computed values can be chosen per row (`computeWhere`): MERGE computes a generated column
 * for the rows of the clauses that do not write it and checks it on the others, and hands out identity
 * values only to the rows it inserts.
 */
import type { EngineSession } from '../../engine/engine-session.js';
import type { AnalyzerContext } from '../../plan/analyzer/analyzer-context.js';
import { analyzeExpression } from '../../plan/analyzer/expressions.js';
import { analyzeQuery } from '../../plan/analyzer/query.js';
import { Scope } from '../../plan/analyzer/scope.js';
import { type BoundExpr, typeOf } from '../../plan/logical/bound-expression.js';
import { transformExpr } from '../../plan/logical/expression-walk.js';
import type { LogicalPlan, NamedExpr } from '../../plan/logical/logical-plan.js';
import { parseExpression } from '../../sql/index.js';
import type { DataType, StructField, StructType } from '../../types/data-types.js';
import { raiseSql } from '../operators/sql-helpers.js';
import { quoteColumn } from '../query/expression-sql.js';
import { compileNamedQuery } from '../query/run-query.js';
import { lengthCheckedSql } from './char-varchar-write.js';
import {
  checkConstraints,
  generationExpressionText,
  IDENTITY_HIGH_WATER_MARK,
  type IdentityInfo,
  identityInfo,
} from './column-metadata.js';
import { storeAssign } from './store-assignment.js';

export interface PrepareRowsRequest {
  /** A DuckDB SELECT producing every column of `schema`, named as the schema names them. */
  readonly sql: string;
  readonly schema: StructType;
  readonly configuration: Readonly<Record<string, string>>;
  readonly tableName: string;
  /** Generated columns whose value the writer did not give: computed from the other columns. */
  readonly computeGenerated: ReadonlySet<string>;
  /** Identity columns whose value the writer did not give: assigned above the high-water mark. */
  readonly assignIdentity: ReadonlySet<string>;
  /**
   * Per column of `computeGenerated` / `assignIdentity`, a BOOLEAN column of `sql` (not a table column)
   * choosing the rows that get the computed value; the other rows keep theirs (generated values checked).
   * A column without an entry is computed on every row.
   */
  readonly computeWhere?: ReadonlyMap<string, string>;
  /**
   * Columns of `sql` that are not table columns, carried unchanged after the table columns (the change data
   * feed's old values and change kinds, so that data and change rows come from one evaluation).
   */
  readonly passThrough?: readonly { readonly name: string; readonly type: DataType }[];
}

export interface PreparedRows {
  /** The checked rows, every table column by name; constraint violations raise while it runs. */
  readonly sql: string;
  /** For each assigned identity column, the value before the first one this statement hands out. */
  readonly identityBase: ReadonlyMap<string, { base: bigint; step: bigint }>;
  release(): Promise<void>;
}

export async function prepareTableRows(
  engine: EngineSession,
  ctx: AnalyzerContext,
  semantics: { ansi: boolean; timeZone: string },
  req: PrepareRowsRequest,
): Promise<PreparedRows> {
  const fields = req.schema.fields;
  const attrs = fields.map((f) => ctx.ids.fresh(f.name, f.type, f.nullable));
  const flagNames = [...new Set(req.computeWhere?.values() ?? [])];
  const flagAttrs = new Map(flagNames.map((n) => [n, ctx.ids.fresh(n, BOOLEAN, false)]));
  const passThrough = req.passThrough ?? [];
  const passAttrs = passThrough.map((p) => ctx.ids.fresh(p.name, p.type, true));
  const source: LogicalPlan = {
    kind: 'relation',
    source: {
      kind: 'engineSql',
      sql: req.sql,
      columns: [...fields.map((f) => f.name), ...flagNames, ...passThrough.map((p) => p.name)],
    },
    output: [...attrs, ...flagAttrs.values(), ...passAttrs],
  };
  const scope = new Scope(attrs);
  const flagOf = (name: string): BoundExpr | undefined => {
    const flag = req.computeWhere?.get(name);
    const attr = flag === undefined ? undefined : flagAttrs.get(flag);
    return attr && { kind: 'attributeRef', attr };
  };
  const env = expressionEnv(ctx, scope);

  // Generated columns the writer omitted: their expression over the other columns, store-assigned.
  const list: NamedExpr[] = [];
  const checks: { name: string; text: string; expr: BoundExpr }[] = [];
  for (const [i, f] of fields.entries()) {
    const attr = attrs[i]!;
    const text = generationExpressionText(f);
    let expr: BoundExpr = { kind: 'attributeRef', attr };
    if (text !== undefined) {
      const generated = storeAssign(await analyzeExpression(parseExpression(text), env), f, req.tableName);
      const flag = flagOf(f.name);
      if (req.computeGenerated.has(f.name) && flag) {
        // Computed where the flag holds; elsewhere the row's value must equal the expression.
        expr = { kind: 'case', branches: [{ when: flag, then: generated }], otherwise: expr, type: f.type };
        checks.push({
          name: 'Generated Column',
          text: `(\`${f.name}\` <=> ${text})`,
          expr: { kind: 'binary', op: '<=>', left: expr, right: generated, type: BOOLEAN } as BoundExpr,
        });
      } else if (req.computeGenerated.has(f.name)) expr = generated;
      else {
        checks.push({
          name: 'Generated Column',
          text: `(\`${f.name}\` <=> ${text})`,
          expr: { kind: 'binary', op: '<=>', left: expr, right: generated, type: BOOLEAN } as BoundExpr,
        });
      }
    }
    list.push({ expr, attr: ctx.ids.fresh(f.name, f.type, f.nullable) });
  }
  // CHECK constraints see the row as written (generated columns computed).
  const written = new Scope(list.map((n) => n.attr));
  for (const [name, text] of checkConstraints({ configuration: req.configuration })) {
    const expr = await analyzeExpression(parseExpression(text), expressionEnv(ctx, written));
    checks.push({ name, text, expr: substitute(expr, list) });
  }
  const okAttrs = checks.map((c, i) => ctx.ids.fresh(`__ok${i}`, typeOf(c.expr), true));
  const flagList: NamedExpr[] = [...flagAttrs.values(), ...passAttrs].map((attr) => ({
    expr: { kind: 'attributeRef', attr },
    attr: ctx.ids.copy(attr),
  }));
  const full: LogicalPlan = {
    kind: 'project',
    child: source,
    list: [...list, ...checks.map((c, i) => ({ expr: c.expr, attr: okAttrs[i]! })), ...flagList],
    output: [...list.map((n) => n.attr), ...okAttrs, ...flagList.map((n) => n.attr)],
  };
  const passNames = passThrough.map((p) => p.name);
  const names = [...fields.map((f) => f.name), ...okAttrs.map((a) => a.name), ...flagNames, ...passNames];
  const compiled = await compileNamedQuery(engine, full, semantics, names);

  // Identity values: base + step * row_number(), above the high-water mark (PROTOCOL.md "Identity Columns").
  const identityBase = new Map<string, { base: bigint; step: bigint }>();
  const select = fields.map((f) => {
    const info = identityInfo(f);
    if (!info || !req.assignIdentity.has(f.name)) {
      const checked = lengthCheckedSql(f, ctx.conf);
      return checked === undefined ? quoteColumn(f.name) : `${checked} AS ${quoteColumn(f.name)}`;
    }
    const base = info.highWaterMark ?? info.start - info.step;
    identityBase.set(f.name, { base, step: info.step });
    const flag = req.computeWhere?.get(f.name);
    if (flag === undefined) {
      return `(${base}::BIGINT + ${info.step}::BIGINT * row_number() OVER ()) AS ${quoteColumn(f.name)}`;
    }
    // Only the flagged rows are numbered (their own window partition); the others keep their value.
    const q = quoteColumn(flag);
    return `CASE WHEN ${q} THEN ${base}::BIGINT + ${info.step}::BIGINT * row_number() OVER (PARTITION BY ${q}) ELSE ${quoteColumn(f.name)} END AS ${quoteColumn(f.name)}`;
  });
  const violations = [
    ...fields
      .filter((f) => !f.nullable && !(identityInfo(f) && req.assignIdentity.has(f.name)))
      .map(
        (f) =>
          `WHEN ${quoteColumn(f.name)} IS NULL THEN ${raiseSql('DELTA_NOT_NULL_CONSTRAINT_VIOLATED', { columnName: { text: f.name } })}`,
      ),
    ...checks.map(
      (c, i) =>
        `WHEN ${quoteColumn(okAttrs[i]!.name)} IS NOT TRUE THEN ${raiseSql(
          'DELTA_VIOLATE_CONSTRAINT_WITH_VALUES',
          {
            constraintName: { text: c.name },
            expression: { text: c.text },
            values: { sql: valuesSql(c.expr, list) },
          },
        )}`,
    ),
  ];
  const where = violations.length === 0 ? '' : ` WHERE CASE ${violations.join(' ')} ELSE TRUE END`;
  return {
    sql: `SELECT ${[...select, ...passNames.map(quoteColumn)].join(', ')} FROM (${compiled.sql}) AS "checked"${where}`,
    identityBase,
    release: compiled.release,
  };
}

/**
 * The table schema after a write of `rowCount` rows with assigned identity values: each column's
 * `delta.identity.highWaterMark` moved to the last value handed out (unchanged when no rows were written).
 */
export function identityMetadataAfterWrite(
  schema: StructType,
  identityBase: ReadonlyMap<string, { base: bigint; step: bigint }>,
  rowCount: number,
): StructType {
  if (rowCount === 0 || identityBase.size === 0) return schema;
  return {
    ...schema,
    fields: schema.fields.map((f) => {
      const b = identityBase.get(f.name);
      if (!b) return f;
      const hwm = b.base + b.step * BigInt(rowCount);
      return { ...f, metadata: { ...f.metadata, [IDENTITY_HIGH_WATER_MARK]: metadataLong(hwm) } };
    }),
  };
}

/** Identity columns of a schema, by name. */
export function identityColumns(schema: StructType): Map<string, IdentityInfo> {
  const out = new Map<string, IdentityInfo>();
  for (const f of schema.fields) {
    const info = identityInfo(f);
    if (info) out.set(f.name, info);
  }
  return out;
}

export function isGeneratedColumn(f: StructField): boolean {
  return generationExpressionText(f) !== undefined;
}

export function metadataLong(v: bigint): number | bigint {
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
}

const BOOLEAN = { kind: 'primitive', name: 'boolean' } as const;

function expressionEnv(ctx: AnalyzerContext, scope: Scope) {
  return {
    ctx,
    scope,
    clause: 'other' as const,
    allowAggregates: false,
    allowWindows: false,
    lambdaVariables: new Map(),
    namedWindows: new Map(),
    analyzeSubquery: (q: Parameters<typeof analyzeQuery>[0], outer: Scope) =>
      analyzeQuery(q, { ctx, ctes: new Map(), outer }),
  };
}

/** Rewrites references to the written row's attributes into the expressions that compute them. */
function substitute(e: BoundExpr, list: readonly NamedExpr[]): BoundExpr {
  const byId = new Map(list.map((n) => [n.attr.id, n.expr]));
  return transformExpr(e, (x) => (x.kind === 'attributeRef' ? byId.get(x.attr.id) : undefined));
}

/** Delta lists the referenced columns' values: ` - a : 5`, one per line. */
function valuesSql(check: BoundExpr, list: readonly NamedExpr[]): string {
  const referenced = new Set<number>();
  transformExpr(check, (x) => {
    if (x.kind === 'attributeRef') referenced.add(x.attr.id);
    return undefined;
  });
  const cols = list.filter((n) => n.expr.kind === 'attributeRef' && referenced.has(n.expr.attr.id));
  if (cols.length === 0) return "''";
  return cols
    .map(
      (n) =>
        `' - ${n.attr.name.replaceAll("'", "''")} : ' || coalesce(CAST(${quoteColumn(n.attr.name)} AS VARCHAR), 'null')`,
    )
    .join(` || chr(10) || `);
}
