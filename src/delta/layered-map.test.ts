import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LayeredMap } from './layered-map.js';

type Op =
  | { readonly kind: 'set'; readonly key: string; readonly value: number }
  | { readonly kind: 'delete'; readonly key: string }
  | { readonly kind: 'fork' };

const op = fc.oneof(
  fc.record({
    kind: fc.constant('set' as const),
    key: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
    value: fc.integer(),
  }),
  fc.record({ kind: fc.constant('delete' as const), key: fc.constantFrom('a', 'b', 'c', 'd', 'e') }),
  fc.record({ kind: fc.constant('fork' as const) }),
);

describe('LayeredMap', () => {
  it('behaves as a plain Map, iteration order included, and a fork never sees later changes', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops: Op[]) => {
        let layered = new LayeredMap<number>();
        const plain = new Map<string, number>();
        const frozen: { map: LayeredMap<number>; entries: [string, number][] }[] = [];
        for (const o of ops) {
          if (o.kind === 'set') {
            layered.set(o.key, o.value);
            plain.set(o.key, o.value);
          } else if (o.kind === 'delete') {
            expect(layered.delete(o.key)).toBe(plain.delete(o.key));
          } else {
            frozen.push({ map: layered, entries: [...plain] });
            layered = layered.fork();
          }
          expect([...layered.entries()]).toEqual([...plain]);
          expect(layered.size).toBe(plain.size);
          for (const k of ['a', 'b', 'c', 'd', 'e']) {
            expect(layered.get(k)).toBe(plain.get(k));
            expect(layered.has(k)).toBe(plain.has(k));
          }
        }
        for (const f of frozen) expect([...f.map.entries()]).toEqual(f.entries);
      }),
    );
  });

  it('flattens a large top layer into a new base without changing the contents', () => {
    let m = new LayeredMap<number>();
    const plain = new Map<string, number>();
    for (let i = 0; i < 20_000; i++) {
      m.set(`k${i}`, i);
      plain.set(`k${i}`, i);
      if (i % 3 === 0) {
        m.delete(`k${i - 1}`);
        plain.delete(`k${i - 1}`);
      }
      if (i % 5000 === 0) m = m.fork();
    }
    expect([...m.fork().entries()]).toEqual([...plain]);
  });
});
