import { describe, expect, it } from 'vitest';
import { DataSourceOptions } from '../data-source-options.js';
import { fileExtension, outputCodec, partFileName } from './output-layout.js';
import { bigDecimalText } from './value-text.js';

describe('bigDecimalText (java.math.BigDecimal.toString)', () => {
  it('plain at the scale, scientific below 1E-6 or for a negative scale', () => {
    expect(bigDecimalText(1250n, 2)).toBe('12.50');
    expect(bigDecimalText(-5n, 2)).toBe('-0.05');
    expect(bigDecimalText(0n, 10)).toBe('0E-10');
    expect(bigDecimalText(15n, 8)).toBe('1.5E-7');
    expect(bigDecimalText(1n, 6)).toBe('0.000001');
    expect(bigDecimalText(12n, -2)).toBe('1.2E+3');
  });
});

describe('output layout', () => {
  it("names files as Spark's getFilename does", () => {
    const pq = outputCodec('parquet', new DataSourceOptions());
    expect(partFileName(0, 'u', 0, pq)).toBe('part-00000-u-c000.snappy.parquet');
    expect(fileExtension(outputCodec('csv', new DataSourceOptions([['codec', 'GZIP']])))).toBe('.csv.gz');
    expect(fileExtension(outputCodec('text', new DataSourceOptions()))).toBe('.txt');
    expect(fileExtension(outputCodec('parquet', new DataSourceOptions([['compression', 'none']])))).toBe(
      '.parquet',
    );
  });
});
