/**
 * df.sample(fraction, seed) / sample(withReplacement, fraction, seed), compiled to set-at-a-time SQL.
 *
 * Spark draws each row's fate from a random generator seeded per partition, so its sample of the same data
 * is reproducible for a seed only under the same partitioning. lakesql has no partitions to lean on; it
 * gives each row a uniform number in [0, 1) from a hash of the seed and the row's values (Spark's xxhash64),
 * plus the row's rank among identical rows so that duplicates are drawn independently. The same seed over
 * the same rows thus gives the same sample, whatever the scan order.
 * - without replacement (Bernoulli sampling): a row is kept when its number is below `fraction`;
 * - with replacement (Poisson sampling): a row appears k times, k drawn from Poisson(fraction) by the
 *   inverse of its distribution function.
 * Map columns take no part in the hash (Spark's hash does not accept maps).
 */
import { LakesqlError } from '../../errors/index.js';
import { NO_SPAN } from '../../sql/ast/common.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { freshAlias, openFrame, queryFrame, selectOver } from '../../sql/ast/frame.js';
import {
  aliased,
  call,
  cast,
  columnRef,
  emptySelect,
  literal,
  query,
  star,
  subquery,
} from '../../sql/ast/node-builders.js';
import type { SortItem } from '../../sql/ast/query.js';
import { DoubleType } from '../../types/data-types.js';
import { jsTypeName } from '../arguments.js';
import type { DataFrame } from './dataframe.js';
import { deriveFrame, inputColumns } from './derive.js';
import { doubleLiteral, jsLiteral } from './js-literal.js';

const RANK = '__sample_rank';
const COPY = '__sample_copy';
const TWO_32 = 4294967296;

export interface SampleArgs {
  readonly withReplacement: boolean;
  readonly fraction: number;
  readonly seed: number | bigint;
}

/** sample()'s keyword arguments, for `sample({ fraction: 0.1, seed: 3 })` as PySpark's keywords. */
export interface SampleOptions {
  readonly withReplacement?: boolean;
  readonly fraction: number;
  readonly seed?: number | bigint;
}

/**
 * PySpark's sample() argument forms: (fraction), (fraction, seed), (withReplacement, fraction[, seed]), or
 * the keywords as one object.
 */
export function sampleArgs(args: readonly unknown[]): SampleArgs {
  const first = args[0];
  if (first !== null && typeof first === 'object' && Object.getPrototypeOf(first) === Object.prototype) {
    const o = first as SampleOptions;
    return sampleArgs([o.withReplacement ?? false, o.fraction, o.seed]);
  }
  const [a, b, c] = args;
  const withReplacement = typeof a === 'boolean' ? a : false;
  const fraction = typeof a === 'boolean' ? b : a;
  const seed = typeof a === 'boolean' ? c : b;
  if (typeof fraction !== 'number') {
    throw new LakesqlError('NOT_FLOAT', { arg_name: 'fraction', arg_type: jsTypeName(fraction) });
  }
  if (seed !== undefined && seed !== null && typeof seed !== 'number' && typeof seed !== 'bigint') {
    throw new LakesqlError('NOT_INT', { arg_name: 'seed', arg_type: jsTypeName(seed) });
  }
  if (withReplacement ? !(fraction >= 0) : !(fraction >= 0 && fraction <= 1)) {
    throw withReplacement
      ? new LakesqlError('VALUE_NOT_POSITIVE', { arg_name: 'fraction', arg_value: String(fraction) })
      : new LakesqlError('VALUE_NOT_BETWEEN', { arg_name: 'fraction', min: '0', max: '1' });
  }
  return {
    withReplacement,
    fraction,
    seed: seed ?? Math.floor(Math.random() * Number.MAX_SAFE_INTEGER),
  };
}

export function sampleFrame(df: DataFrame, args: SampleArgs): DataFrame {
  return deriveFrame(df, async (f) => {
    const columns = await inputColumns(df);
    const hashed = columns.filter((c) => c.type.kind !== 'map').map((c) => columnRef([c.name]));
    const order: SortItem[] = hashed.map((e) => ({ expr: e, direction: null, nulls: null }));
    const rank: Expression = {
      ...call('row_number', []),
      over: {
        kind: 'windowSpec',
        baseWindow: null,
        partitionBy: hashed,
        orderBy: order,
        frame: null,
        span: NO_SPAN,
      },
    };
    const ranked = query(selectOver(f, df.qualifier, [star(), aliased(rank, RANK)]));
    const seed = literal({ type: 'bigint', value: BigInt(args.seed) });
    const hash = call('xxhash64', [seed, ...hashed, columnRef([RANK])]);
    const uniform = binary(
      '/',
      cast(call('pmod', [hash, literal({ type: 'bigint', value: BigInt(TWO_32) })]), DoubleType),
      doubleLiteral(TWO_32),
    );
    const outer = columns.map((c) => columnRef([c.name]));
    const source = subquery(ranked, freshAlias());
    if (!args.withReplacement) {
      const kept = openFrame(source, binary('<', uniform, doubleLiteral(args.fraction)));
      return queryFrame(query(selectOver(kept, null, outer)));
    }
    const copies = call('array_repeat', [jsLiteral(0), poissonCount(uniform, args.fraction)]);
    const repeated = query({
      ...emptySelect([source]),
      items: [star(), aliased(call('explode', [copies]), COPY)],
    });
    return queryFrame(query({ ...emptySelect([subquery(repeated, freshAlias())]), items: outer }));
  });
}

/**
 * k with F(k - 1) <= u < F(k) for the Poisson(lambda) distribution function F: a CASE over the cumulative
 * probabilities, up to the k past which less than 1e-12 of the mass is left.
 */
function poissonCount(u: Expression, lambda: number): Expression {
  if (lambda === 0) return jsLiteral(0);
  const whens: { condition: Expression; result: Expression }[] = [];
  let p = Math.exp(-lambda);
  let cumulative = p;
  let k = 0;
  while (cumulative < 1 - 1e-12 && k < 10_000) {
    whens.push({ condition: binary('<', u, doubleLiteral(cumulative)), result: jsLiteral(k) });
    k += 1;
    p *= lambda / k;
    cumulative += p;
  }
  return { kind: 'case', operand: null, whens, else: jsLiteral(k), span: NO_SPAN };
}

function binary(op: '/' | '<', left: Expression, right: Expression): Expression {
  return { kind: 'binary', op, left, right, span: NO_SPAN };
}
