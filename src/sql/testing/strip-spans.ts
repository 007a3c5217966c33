/**
 * Test-only: a deep copy of an AST without `span` (and a view's source `queryText`, an interval literal's
 * `sourceText`), for exact asserts.
 */
export function stripSpans<T>(node: T): unknown {
  if (Array.isArray(node)) return node.map(stripSpans);
  if (node instanceof Uint8Array || node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'span' || k === 'queryText' || k === 'sourceText') continue;
    out[k] = stripSpans(v);
  }
  return out;
}
