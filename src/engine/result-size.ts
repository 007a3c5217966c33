/**
 * Bounds on a query result brought into JS, checked chunk by chunk while it is read, before the next chunk
 * is materialized. A Node process that runs out of heap dies (V8's out-of-memory is fatal, not an exception),
 * so the result is refused while it can still be:
 *
 * - `spark.driver.maxResultSize` (Spark's key, default 1g, 0 for no limit): the result's size as its values
 *   count it (a string by its length, a binary by its bytes, a number 8), as Spark's driver refuses task
 *   results whose serialized size passes the limit. Spark raises an unclassified SparkException there
 *   ("Total size of serialized results … is bigger than spark.driver.maxResultSize"); lakesql's class for it
 *   is RESULT_SIZE_LIMIT_EXCEEDED.
 * - the process's JS heap: past HEAP_FRACTION of V8's heap limit, MEMORY_LIMIT_EXCEEDED, whatever the
 *   setting says.
 */
import { getHeapStatistics } from 'node:v8';
import { LakesqlError } from '../errors/index.js';
import type { CalendarIntervalValue, MapValue, StructValue, Value } from '../types/value.js';

/** The share of V8's heap limit a result may fill the heap to: the rest is headroom to fail cleanly. */
export const HEAP_FRACTION = 0.8;

const MIB = 1024 * 1024;

/** The size `values` count for spark.driver.maxResultSize. */
export function valueBytes(v: Value): number {
  if (v === null) return 1;
  switch (typeof v) {
    case 'string':
      return v.length;
    case 'number':
    case 'bigint':
    case 'boolean':
      return 8;
    default:
      break;
  }
  if (v instanceof Uint8Array) return v.length;
  if (Array.isArray(v)) return sumOf(v as readonly Value[]);
  const tagged = v as StructValue | MapValue | CalendarIntervalValue;
  if (tagged.kind === 'struct') return sumOf(Object.values(tagged.fields));
  if (tagged.kind === 'map') return sumOf(tagged.entries.flat());
  return 24;
}

/** Counts a result's size as it is read and throws once a bound is passed. */
export class ResultSizeGuard {
  #bytes = 0;
  #rows = 0;

  /** `maxBytes` from spark.driver.maxResultSize; 0 or less for no limit of its own. */
  constructor(private readonly maxBytes: number) {}

  /** Adds a chunk of converted rows; throws when the result passes a bound. */
  add(rows: readonly (readonly Value[])[]): void {
    this.#rows += rows.length;
    if (this.maxBytes > 0) {
      for (const row of rows) for (const v of row) this.#bytes += valueBytes(v);
      if (this.#bytes > this.maxBytes) {
        throw new LakesqlError('RESULT_SIZE_LIMIT_EXCEEDED', {
          size: mib(this.#bytes),
          rows: String(this.#rows),
          maxResultSize: mib(this.maxBytes),
        });
      }
    }
    assertHeapHeadroom(`the result of ${this.#rows} rows read so far`);
  }
}

/**
 * Throws MEMORY_LIMIT_EXCEEDED when the JS heap is past HEAP_FRACTION of its limit; `what` says what was
 * being built.
 */
export function assertHeapHeadroom(what: string, heap = getHeapStatistics()): void {
  const limit = heap.heap_size_limit;
  if (heap.used_heap_size <= limit * HEAP_FRACTION) return;
  throw new LakesqlError('MEMORY_LIMIT_EXCEEDED', {
    detail:
      `${what} filled the Node.js heap to ${mib(heap.used_heap_size)} of its ${mib(limit)} limit; ` +
      'write large results to a table or file, or raise node --max-old-space-size',
  });
}

/** V8's RangeErrors for a string, array or buffer past what it can allocate. */
const V8_ALLOCATION_FAILURE = /^(Invalid string length|Invalid array length|Array buffer allocation failed)/;

/**
 * `e` as MEMORY_LIMIT_EXCEEDED when it is V8 refusing an allocation (a UDF building a giant string), else
 * undefined. Unlike a full heap, these are ordinary exceptions that can be caught.
 */
export function allocationFailure(e: unknown, what: string): LakesqlError | undefined {
  if (!(e instanceof RangeError) || !V8_ALLOCATION_FAILURE.test(e.message)) return undefined;
  return new LakesqlError(
    'MEMORY_LIMIT_EXCEEDED',
    { detail: `${what} could not allocate a value: ${e.message}` },
    { cause: e },
  );
}

function sumOf(values: readonly Value[]): number {
  let n = 8;
  for (const x of values) n += valueBytes(x);
  return n;
}

function mib(bytes: number): string {
  return `${(bytes / MIB).toFixed(1)} MiB`;
}
