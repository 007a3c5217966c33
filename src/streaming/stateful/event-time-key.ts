/**
 * Which key of a stateful operator carries event time, so that the watermark applies to it (Spark marks
 * the withWatermark column with `spark.watermarkDelayMs` metadata, which flows to a window() over it):
 * the watermarked column itself, or a time or session window over it, whose end is compared with the
 * watermark.
 */
import type { Expression } from '../../sql/ast/expressions.js';
import type { StreamingRelation } from '../sources/streaming-relation.js';
import { DerivedStreamingRelation } from './derived-streaming-relation.js';
import type { WatermarkStep } from './watermark-step.js';

export interface EventTimeKey {
  /** The key's position. */
  readonly index: number;
  /** 'end' for a window or session key (a struct of start and end), null for the timestamp column itself. */
  readonly field: 'end' | null;
}

/** The withWatermark steps below `source` in its plan, from the source up. */
export function upstreamWatermarks(source: StreamingRelation): WatermarkStep[] {
  const out: WatermarkStep[] = [];
  for (let s: StreamingRelation = source; s instanceof DerivedStreamingRelation; s = s.upstream) {
    if (s.step === 'watermark') out.unshift(s as WatermarkStep);
  }
  return out;
}

export function upstreamWatermarkColumns(source: StreamingRelation): string[] {
  return upstreamWatermarks(source).map((w) => w.eventTime.toLowerCase());
}

function columnName(e: Expression): string | undefined {
  return e.kind === 'column' ? e.nameParts.at(-1)?.toLowerCase() : undefined;
}

export function eventTimeKey(
  keys: readonly Expression[],
  watermarkColumns: readonly string[],
): EventTimeKey | undefined {
  for (const [index, key] of keys.entries()) {
    const e = key.kind === 'alias' ? key.expr : key;
    const name = columnName(e);
    if (name !== undefined && watermarkColumns.includes(name)) return { index, field: null };
    const fn = e.kind === 'function' && e.name.length === 1 ? e.name[0]!.toLowerCase() : '';
    if (e.kind === 'function' && (fn === 'window' || fn === 'session_window')) {
      const over = e.args[0] && columnName(e.args[0]);
      if (over !== undefined && watermarkColumns.includes(over)) return { index, field: 'end' };
    }
  }
  return undefined;
}
