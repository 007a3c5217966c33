/** The join types DataFrame.join accepts, in Spark's spellings (JoinType.apply in Spark's joinTypes.scala). */
import { LakesqlError } from '../../errors/index.js';
import type { JoinType } from '../../sql/ast/query.js';

export type JoinHow =
  | 'inner'
  | 'cross'
  | 'outer'
  | 'full'
  | 'fullouter'
  | 'full_outer'
  | 'left'
  | 'leftouter'
  | 'left_outer'
  | 'right'
  | 'rightouter'
  | 'right_outer'
  | 'semi'
  | 'leftsemi'
  | 'left_semi'
  | 'anti'
  | 'leftanti'
  | 'left_anti';

const TYPES: Readonly<Record<string, JoinType>> = {
  inner: 'INNER',
  cross: 'CROSS',
  outer: 'FULL',
  full: 'FULL',
  fullouter: 'FULL',
  full_outer: 'FULL',
  left: 'LEFT',
  leftouter: 'LEFT',
  left_outer: 'LEFT',
  right: 'RIGHT',
  rightouter: 'RIGHT',
  right_outer: 'RIGHT',
  semi: 'SEMI',
  leftsemi: 'SEMI',
  left_semi: 'SEMI',
  anti: 'ANTI',
  leftanti: 'ANTI',
  left_anti: 'ANTI',
};

export function joinTypeOf(how: string): JoinType {
  const t = TYPES[how.toLowerCase()];
  if (!t) {
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `join type '${how}' (supported: ${Object.keys(TYPES).join(', ')})`,
    });
  }
  return t;
}
