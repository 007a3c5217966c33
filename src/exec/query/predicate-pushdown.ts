/**
 * Pushes the parts of a WHERE clause that data skipping understands (column-versus-literal comparisons,
 * IN lists, IS [NOT] NULL, AND/OR/NOT of those) down to the scan: of a Delta table, for partition pruning
 * and file skipping, and of a file read that takes pushed filters (ORC: partition folders, stripes and
 * row groups). The filter itself stays in the plan: skipping only ever removes data that cannot match.
 */

import { parseDate } from '../../delta/datetime-text.js';
import type { Predicate } from '../../delta/predicate.js';
import { hasNonBinaryCollation } from '../../plan/analyzer/collation-coercion.js';
import type { Attribute } from '../../plan/logical/attribute.js';
import type { BoundExpr } from '../../plan/logical/bound-expression.js';
import type { LogicalPlan, RelationSource } from '../../plan/logical/logical-plan.js';
import { childPlans, cteReferenceCounts } from '../../plan/logical/plan-walk.js';
import type { DataType } from '../../types/data-types.js';
import type { ScalarValue } from '../../types/scalar.js';

/**
 * For each Delta relation (or file read taking pushed filters) under a filter, its predicate. A filter
 * reaches the relation through projections (their plain column references) and other filters, whose
 * conditions all hold and so are ANDed; it stops at anything that changes which rows exist (a LIMIT, an
 * aggregate, a join), where skipping data below could change the result.
 */
export function pushdownPredicates(
  plan: LogicalPlan,
  out = new Map<LogicalPlan, Predicate>(),
  cteRefs = cteReferenceCounts(plan),
): Map<LogicalPlan, Predicate> {
  if (plan.kind === 'filter') {
    const scan = scanBelow(plan.child, cteRefs);
    const p = scan && toPredicate(plan.condition, scan.columns);
    if (scan && p) {
      const before = out.get(scan.relation);
      out.set(scan.relation, before ? { kind: 'and', left: before, right: p } : p);
    }
  }
  for (const child of childPlans(plan)) pushdownPredicates(child, out, cteRefs);
  return out;
}

/** The relation a filter over `plan` filters, and the relation's attribute behind each visible column. */
function scanBelow(
  plan: LogicalPlan,
  cteRefs: ReadonlyMap<number, number>,
): { relation: LogicalPlan; columns: ReadonlyMap<number, Attribute> } | undefined {
  switch (plan.kind) {
    case 'cteRef': {
      // Only into a WITH query referenced once: a shared one is read by other references too.
      if (cteRefs.get(plan.id) !== 1) return undefined;
      const below = scanBelow(plan.child, cteRefs);
      if (!below) return undefined;
      const columns = new Map<number, Attribute>();
      plan.output.forEach((a, i) => {
        const source = below.columns.get(plan.child.output[i]!.id);
        if (source) columns.set(a.id, source);
      });
      return { relation: below.relation, columns };
    }
    case 'relation':
      if (!takesFilters(plan.source)) return undefined;
      return { relation: plan, columns: new Map(plan.output.map((a) => [a.id, a])) };
    case 'filter':
      return scanBelow(plan.child, cteRefs);
    case 'project': {
      const below = scanBelow(plan.child, cteRefs);
      if (!below) return undefined;
      const columns = new Map<number, Attribute>();
      for (const item of plan.list) {
        const source = item.expr.kind === 'attributeRef' ? below.columns.get(item.expr.attr.id) : undefined;
        if (source) columns.set(item.attr.id, source);
      }
      return { relation: below.relation, columns };
    }
    default:
      return undefined;
  }
}

function takesFilters(source: RelationSource): boolean {
  return source.kind === 'delta' || source.pushFilters !== undefined;
}

function toPredicate(e: BoundExpr, columns: ReadonlyMap<number, Attribute>): Predicate | undefined {
  switch (e.kind) {
    case 'binary': {
      if (e.op === 'and' || e.op === 'or') {
        const l = toPredicate(e.left, columns);
        const r = toPredicate(e.right, columns);
        if (e.op === 'and') return l && r ? { kind: 'and', left: l, right: r } : (l ?? r);
        return l && r ? { kind: 'or', left: l, right: r } : undefined;
      }
      const ops = {
        '=': '=',
        '==': '=',
        '<>': '<>',
        '!=': '<>',
        '<': '<',
        '<=': '<=',
        '>': '>',
        '>=': '>=',
        '<=>': '<=>',
      } as const;
      const op = ops[e.op as keyof typeof ops];
      if (!op) return undefined;
      const flipped = {
        '=': '=',
        '<>': '<>',
        '<': '>',
        '<=': '>=',
        '>': '<',
        '>=': '<=',
        '<=>': '<=>',
      } as const;
      const lc = column(e.left, columns);
      const rv = literal(e.right);
      if (lc && rv !== undefined) return { kind: 'comparison', op, column: [lc.name], value: rv };
      const rc = column(e.right, columns);
      const lv = literal(e.left);
      if (rc && lv !== undefined)
        return { kind: 'comparison', op: flipped[op], column: [rc.name], value: lv };
      return undefined;
    }
    case 'unary': {
      if (e.op !== 'not') return undefined;
      const c = toPredicate(e.child, columns);
      return c ? { kind: 'not', child: c } : undefined;
    }
    case 'isNull': {
      const c = column(e.child, columns);
      return c ? { kind: e.negated ? 'isNotNull' : 'isNull', column: [c.name] } : undefined;
    }
    case 'inList': {
      const c = column(e.value, columns);
      const values = e.list.map(literal);
      if (!c || values.some((v) => v === undefined)) return undefined;
      const p: Predicate = { kind: 'in', column: [c.name], values: values as ScalarValue[] };
      return e.negated ? { kind: 'not', child: p } : p;
    }
    default:
      return undefined;
  }
}

function column(e: BoundExpr, columns: ReadonlyMap<number, Attribute>): Attribute | undefined {
  // File statistics are byte-order min/max: they cannot prune a comparison under another collation.
  if (e.kind !== 'attributeRef' || hasNonBinaryCollation(e.attr.type)) return undefined;
  return columns.get(e.attr.id);
}

/**
 * A literal of a scalar type, seen through the widening casts coercion puts on a literal compared with a
 * column (`id >= 420000` on a BIGINT column, `day = '2024-01-01'` on a DATE column): without this no such
 * predicate would reach data skipping. Casts whose result could differ from the value's own are not seen
 * through.
 */
function literal(e: BoundExpr): ScalarValue | undefined {
  if (e.kind === 'cast') return castLiteral(e.child, e.type);
  if (e.kind !== 'literal') return undefined;
  const v = e.value;
  if (v !== null && typeof v === 'object' && !(v instanceof Uint8Array)) return undefined;
  return v as ScalarValue;
}

const NARROW_INTEGRAL = new Set(['byte', 'short', 'integer']);

function castLiteral(child: BoundExpr, to: DataType): ScalarValue | undefined {
  if (child.kind !== 'literal' || child.value === null || to.kind !== 'primitive') return undefined;
  const from = child.type;
  const v = child.value;
  if (from.kind !== 'primitive') return undefined;
  if (NARROW_INTEGRAL.has(from.name) && typeof v === 'number') {
    if (to.name === 'long') return BigInt(v);
    if (to.name === 'double') return v;
  }
  if (
    from.name === 'long' &&
    typeof v === 'bigint' &&
    to.name === 'double' &&
    Number.isSafeInteger(Number(v))
  )
    return Number(v);
  if (from.name === 'string' && typeof v === 'string' && to.name === 'date') return parseDate(v.trim());
  return undefined;
}
