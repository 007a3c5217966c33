import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonLossless } from './lossless-json.js';

const asText = (s: string) => parseJsonLossless(s, (t) => ({ n: t }));

describe('parseJsonLossless', () => {
  it('hands numbers over as their source text', () => {
    expect(
      asText('{"a":9223372036854775807,"b":[0.0,-1.5e-3],"c":"x\\u00e9\\n","d":true,"e":null,"f":{}}'),
    ).toEqual({
      a: { n: '9223372036854775807' },
      b: [{ n: '0.0' }, { n: '-1.5e-3' }],
      c: 'xé\n',
      d: true,
      e: null,
      f: {},
    });
  });

  it('keeps __proto__ an ordinary key', () => {
    const o = asText('{"__proto__":1}') as Record<string, unknown>;
    expect(Object.keys(o)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
  });

  it.each(['', '{', '{"a":}', '[1,]', '01', '"\u0001"', '{"a":1} x', 'tru', '"\\x"'])('rejects %j', (s) => {
    expect(() => asText(s)).toThrow(SyntaxError);
  });

  it('agrees with JSON.parse', () => {
    fc.assert(
      fc.property(fc.json(), (s) => {
        expect(parseJsonLossless(s, Number)).toEqual(JSON.parse(s));
      }),
    );
  });
});
