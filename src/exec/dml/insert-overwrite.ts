/**
 * What an INSERT removes from the table, decided per form (Databricks' INSERT reference and Delta's
 * WriteIntoDelta):
 * - INTO: nothing (a blind append).
 * - OVERWRITE without a partition spec: every file.
 * - OVERWRITE with a static spec `PARTITION (p = v)`: the files of the matching partitions, metadata only
 *   (Delta's replaceWhere on the spec's predicate).
 * - OVERWRITE with `spark.sql.sources.partitionOverwriteMode = dynamic` on a partitioned table (and not every
 *   partition column static): only the partitions the query writes.
 * - REPLACE WHERE pred: the rows matching pred; of the new rows only those matching pred are written.
 * - REPLACE USING (cols) / REPLACE ON cond: the rows with a source row whose cols are equal (`=`, so NULL
 *   matches nothing) / for which cond holds; an empty source removes nothing.
 */
import type { AddFile } from '../../delta/actions.js';
import type { AnalyzerContext } from '../../plan/analyzer/analyzer-context.js';
import { analyzeExpression, binary } from '../../plan/analyzer/expressions.js';
import { prettySql } from '../../plan/analyzer/pretty-sql.js';
import { constantEnv } from '../../plan/analyzer/relations.js';
import { Scope } from '../../plan/analyzer/scope.js';
import type { BoundExpr } from '../../plan/logical/bound-expression.js';
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';
import type { Expression } from '../../sql/ast/expressions.js';
import type { Insert } from '../../sql/ast/statements-dml.js';
import type { StructType } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import { pushdownPredicates } from '../query/predicate-pushdown.js';
import {
  NO_REMOVAL,
  type Removal,
  removeAllFiles,
  removeMatchingPartitions,
  removePartitionsWritten,
  rewriteFiles,
} from './insert-replace.js';
import type { WriteTarget } from './write-target.js';

export interface OverwritePlan {
  readonly overwrite: boolean;
  readonly predicate?: readonly string[];
  /** REPLACE WHERE: only the new rows that satisfy it are written (the rest are ignored). */
  readonly filterNewRows?: Expression;
  readonly removal: (adds: readonly AddFile[], now: number) => Promise<Removal>;
}

export interface OverwriteContext {
  readonly session: CommandContext;
  readonly ctx: AnalyzerContext;
  readonly target: Extract<WriteTarget, { kind: 'delta' }>;
  readonly schema: StructType;
  readonly qualifier: readonly string[];
  /** Static partition values, analyzed and cast to their column types. */
  readonly staticValues: ReadonlyMap<string, BoundExpr>;
  /** The INSERT's analyzed query (the source of REPLACE USING / ON). */
  readonly source: LogicalPlan;
}

export function overwritePlan(stmt: Insert, c: OverwriteContext): OverwritePlan {
  const snapshot = c.target.snapshot;
  const replace = stmt.replace;
  if (replace?.kind === 'where') {
    return {
      overwrite: true,
      predicate: [prettySql(replace.condition)],
      filterNewRows: replace.condition,
      removal: (_adds, now) => replaceWhere(c, replace.condition, now),
    };
  }
  if (replace) {
    return {
      overwrite: true,
      removal: async (adds, now) => {
        if (adds.length === 0) return NO_REMOVAL;
        const condition = async (rel: LogicalPlan): Promise<BoundExpr> => {
          if (replace.kind === 'on') {
            return analyzeExpression(replace.condition, envOver(c, [...rel.output, ...c.source.output]));
          }
          return replace.columns
            .map((name) => {
              const t = rel.output.find((a) => a.name.toLowerCase() === name.toLowerCase());
              const s = c.source.output.find((a) => a.name.toLowerCase() === name.toLowerCase());
              if (!t || !s) {
                new Scope(t ? c.source.output : rel.output).resolve([name]);
                throw new Error(`unresolved REPLACE USING column ${name}`);
              }
              return binary(
                '=',
                { kind: 'attributeRef', attr: t },
                { kind: 'attributeRef', attr: s },
                envOver(c, []),
                '',
              );
            })
            .reduce((l, r) => binary('and', l, r, envOver(c, []), ''));
        };
        const join = async (rel: LogicalPlan, joinType: 'semi' | 'anti'): Promise<LogicalPlan> => ({
          kind: 'join',
          left: rel,
          right: c.source,
          joinType,
          condition: await condition(rel),
          output: rel.output,
        });
        return rewriteFiles(
          c.session,
          c.ctx,
          snapshot,
          c.schema,
          c.qualifier,
          snapshot.activeFiles(),
          { matching: (rel) => join(rel, 'semi'), keeping: (rel) => join(rel, 'anti') },
          now,
        );
      },
    };
  }
  if (!stmt.overwrite) return { overwrite: false, removal: async () => NO_REMOVAL };
  const dynamic =
    (c.session.conf.get('spark.sql.sources.partitionOverwriteMode') ?? 'static').toLowerCase() === 'dynamic';
  const statics = [...c.staticValues.entries()];
  if (dynamic && snapshot.partitionColumns.length > statics.length) {
    return { overwrite: true, removal: async (adds, now) => removePartitionsWritten(snapshot, adds, now) };
  }
  if (statics.length === 0) {
    return { overwrite: true, removal: async (_adds, now) => removeAllFiles(snapshot, now) };
  }
  const specText = stmt.partition
    .filter((p) => p.value !== null)
    .map((p) => `(${p.column} = ${prettySql(p.value!)})`)
    .join(' AND ');
  return {
    overwrite: true,
    predicate: [specText],
    removal: (_adds, now) =>
      removeMatchingPartitions(
        c.session,
        c.ctx,
        snapshot,
        snapshot.activeFiles(),
        (attrs) =>
          statics
            .map(([col, value]) => {
              const a = attrs.find((x) => x.name.toLowerCase() === col.toLowerCase())!;
              return binary('=', { kind: 'attributeRef', attr: a }, value, envOver(c, []), '');
            })
            .reduce((l, r) => binary('and', l, r, envOver(c, []), '')),
        now,
      ),
  };
}

/**
 * REPLACE WHERE: files are pruned by partition values and statistics first; a predicate on partition
 * columns only then removes whole files without reading them, any other is copy-on-write.
 */
async function replaceWhere(c: OverwriteContext, condition: Expression, now: number): Promise<Removal> {
  const snapshot = c.target.snapshot;
  const partitionLower = new Set(snapshot.partitionColumns.map((p) => p.toLowerCase()));
  const attrs = c.schema.fields.map((f) => c.ctx.ids.fresh(f.name, f.type, f.nullable, c.qualifier));
  const bound = await analyzeExpression(condition, envOver(c, attrs));
  const rel: LogicalPlan = {
    kind: 'relation',
    source: { kind: 'delta', snapshot, tableName: c.target.displayName },
    output: attrs,
  };
  const filtered: LogicalPlan = { kind: 'filter', child: rel, condition: bound, output: attrs };
  const pushed = pushdownPredicates(filtered).get(rel);
  const candidates = snapshot.scanPlan(pushed).files.map((f) => f.add);
  const referenced = referencedAttributeIds(bound);
  const partitionOnly = attrs.every((a) => !referenced.has(a.id) || partitionLower.has(a.name.toLowerCase()));
  if (partitionOnly && snapshot.partitionColumns.length > 0) {
    return removeMatchingPartitions(
      c.session,
      c.ctx,
      snapshot,
      candidates,
      async (pattrs) => {
        const byName = new Map(pattrs.map((a) => [a.name.toLowerCase(), a]));
        return analyzeExpression(
          condition,
          envOver(
            c,
            attrs.map((a) => ({ ...(byName.get(a.name.toLowerCase()) ?? a), qualifier: c.qualifier })),
          ),
        );
      },
      now,
    );
  }
  const rowCondition = async (r: LogicalPlan) => analyzeExpression(condition, envOver(c, r.output));
  return rewriteFiles(
    c.session,
    c.ctx,
    snapshot,
    c.schema,
    c.qualifier,
    candidates,
    {
      matching: async (r) => ({
        kind: 'filter',
        child: r,
        condition: await rowCondition(r),
        output: r.output,
      }),
      keeping: async (r) => ({
        kind: 'filter',
        child: r,
        condition: notTrue(await rowCondition(r), c),
        output: r.output,
      }),
    },
    now,
  );
}

/** NOT coalesce(cond, false): the rows a predicate does not select (NULL is not a match). */
function notTrue(cond: BoundExpr, c: OverwriteContext): BoundExpr {
  const isTrue = binary('<=>', cond, { kind: 'literal', value: true, type: BOOLEAN }, envOver(c, []), '');
  return { kind: 'unary', op: 'not', child: isTrue, type: BOOLEAN } as BoundExpr;
}

const BOOLEAN = { kind: 'primitive', name: 'boolean' } as const;

function envOver(c: OverwriteContext, attrs: readonly import('../../plan/logical/attribute.js').Attribute[]) {
  return {
    ...constantEnv({ ctx: c.ctx, ctes: new Map(), outer: undefined }),
    scope: new Scope(attrs),
    clause: 'where' as const,
  };
}

function referencedAttributeIds(e: BoundExpr): Set<number> {
  const out = new Set<number>();
  const visit = (x: unknown): void => {
    if (!x || typeof x !== 'object') return;
    const o = x as { kind?: string; attr?: { id: number } };
    if (o.kind === 'attributeRef' && o.attr) out.add(o.attr.id);
    for (const v of Object.values(x)) if (v && typeof v === 'object') visit(v);
  };
  visit(e);
  return out;
}
