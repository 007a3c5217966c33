/**
 * The input of a stateful step as the step reads it: the query of the streaming DataFrame the step was
 * called on (withWatermark, dropDuplicates, groupBy().agg()), and the stream source that query reads. The
 * DataFrame of api/ is one; streaming/ asks no more of it than this.
 */
import type { Frame } from '../../sql/ast/frame.js';
import type { Query } from '../../sql/ast/query.js';
import type { StreamingRelation } from '../sources/streaming-relation.js';

export interface StreamInput {
  /** The source the input reads, batch by batch (set, since only a stream has stateful steps). */
  readonly streamSource: StreamingRelation | null;
  /** The alias the input's columns may be qualified with. */
  readonly qualifier: string | null;
  frame(): Promise<Frame>;
  query(): Promise<Query>;
}

/** The source a stateful step over `input` reads: refused on an input that is not a stream. */
export function inputStream(input: StreamInput): StreamingRelation {
  if (input.streamSource === null)
    throw new Error('a stateful stream step over a DataFrame that is not a stream');
  return input.streamSource;
}
