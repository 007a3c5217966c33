/**
 * Which joins a streaming query can run, as Spark's UnsupportedOperationChecker decides for a join whose
 * one side reads a stream: lakesql runs a stream-static join batch by batch (each batch of the stream
 * joined with the static side as it reads at that batch, so a Delta table's new commits are seen), which is
 * exact for inner joins, semi and anti joins and outer joins that keep the stream's rows; an outer join that
 * must keep the static side's rows would need state. Joins of two streams are not implemented: Spark's
 * refusals of them come first (checkStreamStreamJoin).
 */
import { LakesqlError } from '../../errors/index.js';
import type { Query, QueryBody, Relation } from '../../sql/ast/query.js';
import type { OutputMode } from '../execution/output-mode.js';
import { isStreamView } from './stream-views.js';
import { refuseStreamingOperation, sparkOutputModeName } from './streaming-operation-error.js';

/** Spark's JoinType names, as its messages print them. */
const SPARK_JOIN_NAMES = {
  LEFT: 'LeftOuter',
  RIGHT: 'RightOuter',
  FULL: 'FullOuter',
  SEMI: 'LeftSemi',
  ANTI: 'LeftAnti',
} as const;

function refuse(feature: string): never {
  throw new LakesqlError('UNSUPPORTED_FEATURE', { feature });
}

/** Whether a relation name reads a stream: a stream source's view, or a temp view over a stream. */
export type StreamNames = (nameParts: readonly string[]) => boolean;

const sourceViews: StreamNames = (parts) => parts.length === 1 && isStreamView(parts[0]!);

/** Throws Spark's error when the join cannot run on a stream (its sides already visited). */
export function checkStreamJoin(
  join: Extract<Relation, { kind: 'join' }>,
  mode: OutputMode,
  streams?: StreamNames,
): void {
  const isStream: StreamNames = (parts) => sourceViews(parts) || (streams?.(parts) ?? false);
  const left = relationReadsStream(join.left, isStream);
  const right = relationReadsStream(join.right, isStream);
  if (!left && !right) return;
  if (left && right) checkStreamStreamJoin(join, mode);
  switch (join.type) {
    case 'INNER':
    case 'CROSS':
      return;
    case 'FULL':
      refuseStreamingOperation(
        left
          ? 'FullOuter joins with streaming DataFrames/Datasets on the left and a static DataFrame/Dataset on the right is not supported'
          : 'FullOuter joins with streaming DataFrames/Datasets on the right and a static DataFrame/Dataset on the left is not supported',
      );
      break;
    case 'ANTI':
      if (right)
        refuseStreamingOperation(
          'LeftAnti joins with a streaming DataFrame/Dataset on the right are not supported',
        );
      return;
    case 'LEFT':
    case 'SEMI':
      if (right)
        refuseStreamingOperation(
          `${SPARK_JOIN_NAMES[join.type]} join with a streaming DataFrame/Dataset on the right and a static DataFrame/Dataset on the left is not supported`,
        );
      return;
    case 'RIGHT':
      if (left)
        refuseStreamingOperation(
          `${SPARK_JOIN_NAMES.RIGHT} join with a streaming DataFrame/Dataset on the left and a static DataFrame/DataSet on the right not supported`,
        );
      return;
    default:
      join.type satisfies never;
  }
}

/**
 * A join of two streams: what Spark's checker refuses for it fails with Spark's sentence (a mode other
 * than append; an anti join, whose right side streams); the joins Spark runs with its symmetric hash join
 * (StreamingSymmetricHashJoinExec) lakesql does not run yet, since its micro-batch loop reads one source.
 */
function checkStreamStreamJoin(join: Extract<Relation, { kind: 'join' }>, mode: OutputMode): void {
  if (mode !== 'append')
    refuseStreamingOperation(
      `Join between two streaming DataFrames/Datasets is not supported in ${sparkOutputModeName(mode)} output mode, only in Append output mode`,
    );
  if (join.type === 'ANTI')
    refuseStreamingOperation(
      'LeftAnti joins with a streaming DataFrame/Dataset on the right are not supported',
    );
  refuse(
    'joins between two streaming DataFrames/Datasets (lakesql joins a stream with static DataFrames and tables)',
  );
}

export function relationReadsStream(r: Relation, streams: StreamNames = sourceViews): boolean {
  switch (r.kind) {
    case 'table':
      return streams(r.name.parts);
    case 'subquery':
      return queryReadsStream(r.query, streams);
    case 'join':
      return relationReadsStream(r.left, streams) || relationReadsStream(r.right, streams);
    case 'parenthesized':
      return relationReadsStream(r.relation, streams);
    default:
      return false;
  }
}

export function queryReadsStream(q: Query, streams: StreamNames = sourceViews): boolean {
  return (
    (q.with?.ctes ?? []).some((c) => queryReadsStream(c.query, streams)) || bodyReadsStream(q.body, streams)
  );
}

function bodyReadsStream(b: QueryBody, streams: StreamNames): boolean {
  switch (b.kind) {
    case 'query':
      return queryReadsStream(b, streams);
    case 'select':
      return b.from.some((r) => relationReadsStream(r, streams));
    case 'setOperation':
      return bodyReadsStream(b.left, streams) || bodyReadsStream(b.right, streams);
    default:
      return false;
  }
}
