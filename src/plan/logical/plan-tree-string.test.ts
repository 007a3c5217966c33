import { describe, expect, it } from 'vitest';
import { BooleanType, IntegerType, LongType, StringType } from '../../types/data-types.js';
import { AttributeIds } from './attribute.js';
import type { BoundExpr } from './bound-expression.js';
import type { LogicalPlan } from './logical-plan.js';
import { outputSchemaString, planFormattedString, planTreeString } from './plan-tree-string.js';

const ids = new AttributeIds();
const a = ids.fresh('a', LongType, true);
const b = ids.fresh('b', StringType, true);
const c = ids.fresh('c', IntegerType, false);
const ref = (attr: typeof a): BoundExpr => ({ kind: 'attributeRef', attr });
const left: LogicalPlan = {
  kind: 'values',
  rows: [[{ kind: 'literal', value: 1n, type: LongType }]],
  output: [a],
};
const right: LogicalPlan = {
  kind: 'values',
  rows: [[{ kind: 'literal', value: 'x', type: StringType }]],
  output: [b],
};
const join: LogicalPlan = {
  kind: 'join',
  left,
  right,
  joinType: 'left',
  condition: { kind: 'isNull', child: ref(b), negated: true },
  output: [a, b],
};
const sub: LogicalPlan = { kind: 'oneRow', output: [] };
const plan: LogicalPlan = {
  kind: 'filter',
  child: join,
  condition: {
    kind: 'binary',
    op: 'and',
    left: { kind: 'exists', plan: sub, negated: false },
    right: {
      kind: 'inList',
      value: ref(b),
      list: [{ kind: 'literal', value: 'y', type: StringType }],
      negated: true,
    },
    type: BooleanType,
  },
  output: [a, b],
};

describe('plan tree strings', () => {
  it("draw children and subqueries as Spark's treeString does", () => {
    expect(planTreeString(plan)).toBe(
      [
        "Filter (exists-subquery AND NOT b#2 IN ('y'))",
        ':  +- OneRowRelation',
        '+- Join LeftOuter, isnotnull(b#2)',
        '   :- LocalRelation [a#1], 1 row',
        '   +- LocalRelation [b#2], 1 row',
        '',
      ].join('\n'),
    );
  });

  it('number the nodes children first in the formatted outline', () => {
    const text = planFormattedString(join);
    expect(text.split('\n\n\n')[0]).toBe(
      ['Join (3)', ':- LocalRelation (1)', '+- LocalRelation (2)'].join('\n'),
    );
    expect(text).toContain(
      '(3) Join\nOutput [2]: [a#1, b#2]\nInput [2]: [a#1, b#2]\nJoin type: LeftOuter\nJoin condition: isnotnull(b#2)',
    );
  });

  it("name the output's types as Spark's simpleString", () => {
    expect(outputSchemaString([a, b, c])).toBe('a: bigint, b: string, c: int');
  });
});
