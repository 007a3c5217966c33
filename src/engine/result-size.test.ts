import { describe, expect, it } from 'vitest';
import { isLakesqlError } from '../errors/index.js';
import { allocationFailure, assertHeapHeadroom, ResultSizeGuard, valueBytes } from './result-size.js';

describe('valueBytes', () => {
  it('counts strings and binaries by length, other scalars 8, nested values by their parts', () => {
    expect(valueBytes('abc')).toBe(3);
    expect(valueBytes(new Uint8Array(5))).toBe(5);
    expect(valueBytes(1.5)).toBe(8);
    expect(valueBytes(7n)).toBe(8);
    expect(valueBytes(null)).toBe(1);
    expect(valueBytes(['ab', null])).toBe(8 + 2 + 1);
    expect(valueBytes({ kind: 'struct', fields: { a: 'xyz', b: 1 } })).toBe(8 + 3 + 8);
    expect(valueBytes({ kind: 'map', entries: [['k', 'vv']] })).toBe(8 + 1 + 2);
  });
});

describe('ResultSizeGuard', () => {
  it('throws RESULT_SIZE_LIMIT_EXCEEDED with the figures once the limit is passed', () => {
    const guard = new ResultSizeGuard(1024);
    guard.add([['x'.repeat(1000)]]);
    let caught: unknown;
    try {
      guard.add([['x'.repeat(100)], ['y']]);
    } catch (e) {
      caught = e;
    }
    expect(isLakesqlError(caught, 'RESULT_SIZE_LIMIT_EXCEEDED')).toBe(true);
    expect((caught as { messageParameters: unknown }).messageParameters).toEqual({
      size: '0.0 MiB',
      rows: '3',
      maxResultSize: '0.0 MiB',
    });
  });

  it('has no limit of its own at 0', () => {
    expect(() => new ResultSizeGuard(0).add([['x'.repeat(100_000)]])).not.toThrow();
  });
});

describe('assertHeapHeadroom', () => {
  const heap = (used: number) =>
    ({ used_heap_size: used, heap_size_limit: 100 * 1024 * 1024 }) as ReturnType<
      typeof import('node:v8').getHeapStatistics
    >;
  it('throws MEMORY_LIMIT_EXCEEDED past 80% of the heap limit, with the figures in its detail', () => {
    expect(() => assertHeapHeadroom('a result', heap(80 * 1024 * 1024))).not.toThrow();
    let caught: unknown;
    try {
      assertHeapHeadroom('a result', heap(90 * 1024 * 1024));
    } catch (e) {
      caught = e;
    }
    expect(isLakesqlError(caught, 'MEMORY_LIMIT_EXCEEDED')).toBe(true);
    expect((caught as { messageParameters: { detail: string } }).messageParameters.detail).toContain(
      'a result filled the Node.js heap to 90.0 MiB of its 100.0 MiB limit',
    );
  });
});

describe('allocationFailure', () => {
  it("turns V8's refused allocations into MEMORY_LIMIT_EXCEEDED and leaves other errors", () => {
    let refused: unknown;
    try {
      'x'.repeat(2 ** 30);
    } catch (e) {
      refused = e;
    }
    const error = allocationFailure(refused, 'the function f');
    expect(isLakesqlError(error, 'MEMORY_LIMIT_EXCEEDED')).toBe(true);
    expect(error?.messageParameters.detail).toBe(
      'the function f could not allocate a value: Invalid string length',
    );
    expect(allocationFailure(new RangeError('Maximum call stack size exceeded'), 'f')).toBeUndefined();
    expect(allocationFailure(new Error('Invalid string length'), 'f')).toBeUndefined();
  });
});
