import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../delta/snapshot.js';
import { AttributeIds } from '../../plan/logical/attribute.js';
import type { BoundExpr } from '../../plan/logical/bound-expression.js';
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';
import {
  BooleanType,
  type DataType,
  DateType,
  DoubleType,
  IntegerType,
  LongType,
  StringType,
} from '../../types/data-types.js';
import { pushdownPredicates } from './predicate-pushdown.js';

const ids = new AttributeIds();
const id = ids.fresh('id', LongType, true);
const day = ids.fresh('day', DateType, true);
const score = ids.fresh('score', DoubleType, true);
const relation: LogicalPlan = {
  kind: 'relation',
  source: { kind: 'delta', snapshot: {} as Snapshot, tableName: 't' },
  output: [id, day, score],
};

function lit(value: string | number | bigint, type: DataType): BoundExpr {
  return { kind: 'literal', value, type };
}
function cast(child: BoundExpr, type: DataType): BoundExpr {
  return { kind: 'cast', child, type, mode: 'ansi', implicit: true };
}
function cmp(op: '>=' | '=' | '<', left: BoundExpr, right: BoundExpr): BoundExpr {
  return { kind: 'binary', op, left, right, type: BooleanType };
}
const ref = (attr: typeof id): BoundExpr => ({ kind: 'attributeRef', attr });

function pushed(condition: BoundExpr) {
  const filter: LogicalPlan = { kind: 'filter', child: relation, condition, output: relation.output };
  return pushdownPredicates(filter).get(relation);
}

describe('pushdownPredicates', () => {
  it('sees through the widening cast coercion puts on an INT literal compared with a BIGINT column', () => {
    expect(pushed(cmp('>=', ref(id), cast(lit(420000, IntegerType), LongType)))).toEqual({
      kind: 'comparison',
      op: '>=',
      column: ['id'],
      value: 420000n,
    });
  });

  it('reads a date string cast to DATE as the day number, and an INT cast to DOUBLE as the number', () => {
    expect(pushed(cmp('=', ref(day), cast(lit('2024-01-02', StringType), DateType)))).toEqual({
      kind: 'comparison',
      op: '=',
      column: ['day'],
      value: 19724,
    });
    expect(pushed(cmp('<', cast(lit(3, IntegerType), DoubleType), ref(score)))).toEqual({
      kind: 'comparison',
      op: '>',
      column: ['score'],
      value: 3,
    });
  });

  it('pushes nothing for a cast it cannot evaluate exactly', () => {
    expect(pushed(cmp('=', ref(day), cast(lit('2024-01-02 10:00', StringType), DateType)))).toBeUndefined();
    expect(pushed(cmp('=', ref(id), cast(lit(1.5, DoubleType), LongType)))).toBeUndefined();
  });

  it('reaches the relation through renaming projections and stacked filters, which it ANDs', () => {
    const renamed = ids.fresh('key', LongType, true);
    const computed = ids.fresh('twice', LongType, true);
    const inner: LogicalPlan = {
      kind: 'filter',
      child: relation,
      condition: cmp('<', ref(id), lit(10n, LongType)),
      output: relation.output,
    };
    const project: LogicalPlan = {
      kind: 'project',
      child: inner,
      list: [
        { expr: ref(id), attr: renamed },
        { expr: { kind: 'binary', op: '+', left: ref(id), right: ref(id), type: LongType }, attr: computed },
      ],
      output: [renamed, computed],
    };
    const outer = (condition: BoundExpr): LogicalPlan => ({
      kind: 'filter',
      child: project,
      condition,
      output: project.output,
    });
    expect(pushdownPredicates(outer(cmp('>=', ref(renamed), lit(2n, LongType)))).get(relation)).toEqual({
      kind: 'and',
      left: { kind: 'comparison', op: '>=', column: ['id'], value: 2n },
      right: { kind: 'comparison', op: '<', column: ['id'], value: 10n },
    });
    // A computed column is not a column of the scan: only the inner filter reaches it.
    expect(pushdownPredicates(outer(cmp('=', ref(computed), lit(4n, LongType)))).get(relation)).toEqual({
      kind: 'comparison',
      op: '<',
      column: ['id'],
      value: 10n,
    });
  });

  it('stops at an operator that changes which rows exist', () => {
    const limit: LogicalPlan = {
      kind: 'limit',
      child: relation,
      limit: lit(1, IntegerType),
      output: relation.output,
    };
    const filter: LogicalPlan = {
      kind: 'filter',
      child: limit,
      condition: cmp('=', ref(id), lit(1n, LongType)),
      output: relation.output,
    };
    expect(pushdownPredicates(filter).size).toBe(0);
  });
});
