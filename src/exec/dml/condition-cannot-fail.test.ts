import { describe, expect, it } from 'vitest';
import { AttributeIds } from '../../plan/logical/attribute.js';
import type { BoundExpr } from '../../plan/logical/bound-expression.js';
import { BooleanType, DoubleType, IntegerType, LongType, StringType } from '../../types/data-types.js';
import { conditionCannotFail } from './condition-cannot-fail.js';

const ids = new AttributeIds();
const id: BoundExpr = { kind: 'attributeRef', attr: ids.fresh('id', LongType, true) };
const n: BoundExpr = { kind: 'attributeRef', attr: ids.fresh('n', IntegerType, true) };
const s: BoundExpr = { kind: 'attributeRef', attr: ids.fresh('s', StringType, true) };
const int = (v: number): BoundExpr => ({ kind: 'literal', value: v, type: IntegerType });
const toLong = (e: BoundExpr): BoundExpr => ({ kind: 'cast', child: e, type: LongType, mode: 'ansi' });
const bin = (op: '=' | '%' | '/' | 'and', l: BoundExpr, r: BoundExpr): BoundExpr => ({
  kind: 'binary',
  op,
  left: l,
  right: r,
  type: op === '=' || op === 'and' ? BooleanType : op === '/' ? DoubleType : LongType,
});

describe('conditionCannotFail', () => {
  it('accepts comparisons, IS NULL, IN lists, widening casts and % by a safe literal', () => {
    expect(conditionCannotFail(bin('=', bin('%', id, toLong(int(1000))), toLong(int(5))))).toBe(true);
    const inList: BoundExpr = { kind: 'inList', value: s, list: [], negated: false };
    const isNull: BoundExpr = { kind: 'isNull', child: toLong(n), negated: true };
    expect(conditionCannotFail(bin('and', inList, isNull))).toBe(true);
  });

  it('refuses what can raise: division, % by 0 or -1, narrowing casts, calls', () => {
    expect(conditionCannotFail(bin('=', bin('/', id, id), id))).toBe(false);
    expect(conditionCannotFail(bin('=', bin('%', id, toLong(int(0))), id))).toBe(false);
    expect(conditionCannotFail(bin('=', bin('%', id, toLong(int(-1))), id))).toBe(false);
    expect(conditionCannotFail(bin('=', bin('%', id, id), id))).toBe(false);
    const narrow: BoundExpr = { kind: 'cast', child: id, type: IntegerType, mode: 'ansi' };
    expect(conditionCannotFail(bin('=', narrow, n))).toBe(false);
    const fromString: BoundExpr = { kind: 'cast', child: s, type: LongType, mode: 'ansi' };
    expect(conditionCannotFail(bin('=', fromString, id))).toBe(false);
  });
});
