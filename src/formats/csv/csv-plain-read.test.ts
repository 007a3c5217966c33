/**
 * scanPlainBytes (csv-plain-read.ts) on its own: which bytes are plain, and the shapes it finds. The rows a
 * plain read gives are compared with csv-reader.ts in engine/file-readers/csv-read-sql.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { scanPlainBytes } from './csv-plain-read.js';
import { SHAPE } from './csv-token-shapes.js';

const COMMA = 44;
const TAB = 9;
const QUOTE = 34;

function scan(text: string, width: number, opts: { sep?: number; header?: boolean; shapes?: number[] } = {}) {
  const shapes = opts.shapes ?? Array.from({ length: width }, () => 0);
  const plain = scanPlainBytes(Buffer.from(text), opts.sep ?? COMMA, QUOTE, opts.header ?? true, shapes);
  return plain ? shapes : 'not plain';
}

describe('scanPlainBytes', () => {
  it('finds each data column’s shapes, the header line having none', () => {
    expect(scan('a,b,c\n1,x,2024-01-02\n3000000000,,1.5\n', 3)).toEqual([
      SHAPE.int | SHAPE.long,
      SHAPE.string,
      SHAPE.date | SHAPE.double,
    ]);
    expect(scan('1,x', 2, { header: false })).toEqual([SHAPE.int, SHAPE.string]);
    expect(scan('a,b\n', 2)).toEqual([0, 0]);
    expect(scan('', 2)).toEqual([0, 0]);
  });

  it('keeps CRLF line ends out of the last token, and refuses a \\r not before a \\n', () => {
    expect(scan('a,b\r\n1,2\r\n3,4', 2)).toEqual([SHAPE.int, SHAPE.int]);
    expect(scan('a,b\r\n1,2\r', 2)).toBe('not plain');
    expect(scan('a,b\n1\r2,3\n', 2)).toBe('not plain');
  });

  it('refuses blank lines, lines wider than the schema, quotes and NUL bytes; shorter lines are fine', () => {
    expect(scan('a,b\n1,2\n\n3,4\n', 2)).toBe('not plain');
    expect(scan('a,b\n1,2\n \t\n', 2)).toBe('not plain');
    expect(scan('a\tb\n1\t2\n\t\n', 2, { sep: TAB })).toBe('not plain');
    expect(scan('a\tb\n1\t2\n\tx\n', 2, { sep: TAB })).toEqual([SHAPE.int, SHAPE.int | SHAPE.string]);
    expect(scan('a,b\n,\n', 2)).toEqual([0, 0]);
    expect(scan('a,b\n1,2,3\n', 2)).toBe('not plain');
    expect(scan('a,b,c\n1,2,3\n', 2)).toBe('not plain');
    expect(scan('a,b\n"1",2\n', 2)).toBe('not plain');
    expect(scan('a,b\n1\u0000,2\n', 2)).toBe('not plain');
    expect(scan('a,b,c\n1\n2,3\n', 3)).toEqual([SHAPE.int, SHAPE.int, 0]);
  });

  it('looks no further at a column once it holds a string token: no later token changes its decision', () => {
    expect(scan('a,b\nx,1\n2024-01-01,2\n', 2)).toEqual([SHAPE.string, SHAPE.int]);
    // A column started at SHAPE.string (read as a string whatever it holds) is never looked at.
    expect(scan('a,b\n1.5,1\n', 2, { shapes: [SHAPE.string, 0] })).toEqual([SHAPE.string, SHAPE.int]);
  });
});
