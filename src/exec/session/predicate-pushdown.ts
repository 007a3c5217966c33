/**
 * Pushes the parts of a WHERE clause that the Delta layer understands (column-versus-literal comparisons,
 * IN lists, IS [NOT] NULL, AND/OR/NOT of those) down to the scan of the table, for partition pruning and
 * file skipping. The filter itself stays in the plan: skipping only ever removes files that cannot match.
 */

import { parseDate } from '../../delta/datetime-text.js';
import type { Predicate } from '../../delta/predicate.js';
import type { Attribute } from '../../plan/logical/attribute.js';
import type { BoundExpr } from '../../plan/logical/bound-expression.js';
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';
import { childPlans } from '../../plan/logical/plan-walk.js';
import type { DataType } from '../../types/data-types.js';
import type { ScalarValue } from '../../types/scalar.js';

/** For each Delta relation directly under a filter, the predicate its scan may use. */
export function pushdownPredicates(
  plan: LogicalPlan,
  out = new Map<LogicalPlan, Predicate>(),
): Map<LogicalPlan, Predicate> {
  if (plan.kind === 'filter' && plan.child.kind === 'relation' && plan.child.source.kind === 'delta') {
    const byId = new Map(plan.child.output.map((a) => [a.id, a]));
    const p = toPredicate(plan.condition, byId);
    if (p) out.set(plan.child, p);
  }
  for (const child of childPlans(plan)) pushdownPredicates(child, out);
  return out;
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
  return e.kind === 'attributeRef' ? columns.get(e.attr.id) : undefined;
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
