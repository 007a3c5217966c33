import { describe, expect, it } from 'vitest';
import { isLakesqlError } from '../../errors/index.js';
import { parseJsonVariant } from './parse-json-variant.js';
import { readVariant, unpackVariant } from './variant-blob.js';
import { followVariantPath, parseVariantPath } from './variant-path.js';

const parse = (text: string) => readVariant(parseJsonVariant(text, 'parse_json', false)!);
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('variant codec', () => {
  it('prints JSON as Spark: fields sorted by key, no spaces, decimals without trailing zeros', () => {
    expect(parse('{"b": 1.50, "a": [1, 2e3, 12345678901234567890123, -0.0010], "c": "x\\n"}').toJson()).toBe(
      '{"a":[1,2000.0,12345678901234567890123,-0.001],"b":1.5,"c":"x\\n"}',
    );
    expect(parse(' true ').toJson()).toBe('true');
    expect(parse('1e400').toJson()).toBe('Infinity');
    expect(parse('123456789012345678901234567890123456789').toJson()).toBe('1.2345678901234568E38');
  });

  it('keeps each number’s kind', () => {
    expect(['1', '300', '1.50', '1e2', '"s"', 'null', '[]', '{}'].map((t) => parse(t).kind())).toEqual([
      'long',
      'long',
      'decimal',
      'double',
      'string',
      'null',
      'array',
      'object',
    ]);
    expect(parse('1.50').decimal()).toEqual({ unscaled: 150n, scale: 2 });
    expect(parse('-129').long()).toBe(-129n);
    expect(['-129', '70000', '3000000000', '-0'].map((t) => [parse(t).long(), parse(t).size()])).toEqual([
      [-129n, 3],
      [70000n, 5],
      [3000000000n, 9],
      [0n, 2],
    ]);
  });

  it('writes Spark’s bytes: INT1, short strings, and a metadata dictionary in first-met order', () => {
    const v = unpackVariant(parseJsonVariant('{"b":1,"a":"x"}', 'parse_json', false)!);
    // version 1, two keys, offsets 0 1 2, then "b" "a"
    expect(hex(v.metadata)).toBe('01020001026261');
    // object: 2 fields, ids (a=1, b=0), offsets 0 2 4, then "x" (short string) and INT1 1 in key order
    expect(hex(v.value)).toBe('0202010000020405780c01');
    expect(
      parse('{"b":1,"a":"x"}')
        .fields()
        .map((f) => f.key),
    ).toEqual(['a', 'b']);
  });

  it('refuses malformed JSON and duplicate keys with Spark’s classes', () => {
    for (const [text, errorClass] of [
      ['{"a":1,"a":2}', 'VARIANT_DUPLICATE_KEY'],
      ["{'a':1}", 'MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION'],
      ['01', 'MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION'],
      ['[1,]', 'MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION'],
    ] as const) {
      let caught: unknown;
      try {
        parseJsonVariant(text, 'parse_json', false);
      } catch (e) {
        caught = e;
      }
      expect(isLakesqlError(caught) && caught.errorClass).toBe(errorClass);
    }
    expect(parseJsonVariant('{', 'try_parse_json', true)).toBeNull();
  });

  it('follows Spark’s paths', () => {
    const v = parse('{"a":{"b c":[10,{"d":true}]},"e.f":1}');
    const at = (p: string) => followVariantPath(v, parseVariantPath(p)!)?.toJson();
    expect(at('$')).toBe('{"a":{"b c":[10,{"d":true}]},"e.f":1}');
    expect(at("$.a['b c'][1].d")).toBe('true');
    expect(at('$["e.f"]')).toBe('1');
    expect(at('$.a.x')).toBeUndefined();
    expect(at('$.a["b c"][5]')).toBeUndefined();
    for (const bad of ['a', '$.', '$[-1]', '$a', "$['a?']", '$[1'])
      expect(parseVariantPath(bad)).toBeUndefined();
  });
});
