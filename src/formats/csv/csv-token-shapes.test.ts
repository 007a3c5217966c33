/**
 * Token shapes (csv-token-shapes.ts) checked against Spark's inference as csv-schema-inference.ts implements
 * it: a column of tokens of one known shape infers the type the shapes give, and the shapes refuse the
 * tokens where Java's and DuckDB's parsers part ways.
 */
import { describe, expect, it } from 'vitest';
import { sqlTypeName } from '../../types/data-types.js';
import { DataSourceOptions } from '../data-source-options.js';
import { csvOptions } from './csv-options.js';
import { inferCsvTypes } from './csv-schema-inference.js';
import { inferredType, SHAPE, tokenShape } from './csv-token-shapes.js';

const bytes = (s: string) => new TextEncoder().encode(s);
const shapeOf = (s: string) => tokenShape(bytes(s), 0, bytes(s).length);

const CASES: readonly [string, number][] = [
  ['0', SHAPE.int],
  ['-2147483648', SHAPE.int],
  ['2147483648', SHAPE.long],
  ['007', SHAPE.int],
  ['123456789012345678', SHAPE.long],
  ['1234567890123456789', SHAPE.other],
  ['1.50', SHAPE.double],
  ['-0.25', SHAPE.double],
  ['.5', SHAPE.other],
  ['5.', SHAPE.other],
  ['1e5', SHAPE.other],
  [' 12', SHAPE.other],
  ['+5', SHAPE.other],
  ['2024-02-29', SHAPE.date],
  ['2023-02-29', SHAPE.other],
  ['0999-12-31', SHAPE.other],
  ['2024-1-5', SHAPE.other],
  ['2024-01-05 10:00:00', SHAPE.other],
  ['True', SHAPE.boolean],
  ['fAlSe', SHAPE.boolean],
  ['tom', SHAPE.other],
  ['NaN', SHAPE.other],
  ['Infinity', SHAPE.other],
  ['T10:00', SHAPE.other],
  ['name_1', SHAPE.string],
  ['_x', SHAPE.string],
  ['Zed', SHAPE.string],
  ['é', SHAPE.other],
];

describe('CSV token shapes', () => {
  it.each(CASES)('%s has shape %i', (token, shape) => {
    expect(shapeOf(token)).toBe(shape);
  });

  it("gives Spark's inferred type for every column of tokens of known shapes", () => {
    const o = csvOptions(new DataSourceOptions());
    const known = CASES.filter(([, s]) => s !== SHAPE.other).map(([t]) => t);
    for (const a of known) {
      for (const b of known) {
        const shapes = shapeOf(a) | shapeOf(b);
        const fromShapes = inferredType(shapes);
        if (fromShapes === undefined) continue;
        const spark = inferCsvTypes([[a], [b]], 1, o)[0]!;
        expect(sqlTypeName(fromShapes), `${a}, ${b}`).toBe(sqlTypeName(spark));
      }
    }
  });
});
