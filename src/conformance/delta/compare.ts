/**
 * Compares actual and expected rows as a multiset (README format 1: "Row order is meaningless … Compare as
 * a multiset"), type by type on the canonical encoding of value-encoding.ts:
 * - float/double equal within 1e-6 relative (absolute near zero), and NaN equals NaN;
 * - timestamps equal as instants, whatever trailing zeros the fraction carries;
 * - map entries in any order; everything else (decimals, longs, strings, binary) exactly.
 *
 * Exact matches are counted first through a normalized key; only the leftovers are matched pairwise with
 * the float tolerance, grouped by the non-float part of the key so large tables stay linear.
 */
import { assertNever, type DataType, type StructType } from '../../types/data-types.js';
import { type EncodedRow, parseRow, type RowData } from './value-encoding.js';

export type RowComparison =
  | { readonly kind: 'equal' }
  | { readonly kind: 'different'; readonly reason: string };

const RELATIVE_TOLERANCE = 1e-6;

export function compareRows(
  schema: StructType,
  actual: readonly RowData[],
  expected: readonly RowData[],
  /** The full row counts, when `actual` and `expected` are only what an exact diff left over. */
  totals: { readonly actual: number; readonly expected: number } = {
    actual: actual.length,
    expected: expected.length,
  },
): RowComparison {
  // Rows with identical encoded text are equal under every rule below: match those without parsing.
  const text = (r: RowData) => (typeof r === 'string' ? r : JSON.stringify(r));
  const rowType: DataType = schema;
  const norm = (r: RowData) => normalize(rowAsStruct(schema, parseRow(r)), rowType);
  const byText = multisetDifference(expected, actual, text);
  const byNormalForm = multisetDifference(byText.onlyLeft.map(norm), byText.onlyRight.map(norm), (v) =>
    JSON.stringify(v),
  );
  const leftExpected = byNormalForm.onlyLeft;
  const leftActual = byNormalForm.onlyRight;
  const stillExpected: unknown[] = [];
  const unmatchedActual = new Map<string, unknown[]>();
  for (const a of leftActual) pushTo(unmatchedActual, key(a, rowType, true), a);
  for (const e of leftExpected) {
    const candidates = unmatchedActual.get(key(e, rowType, true)) ?? [];
    const i = candidates.findIndex((a) => approxEqual(a, e, rowType));
    if (i >= 0) candidates.splice(i, 1);
    else stillExpected.push(e);
  }
  const stillActual = [...unmatchedActual.values()].flat();
  if (stillExpected.length === 0 && stillActual.length === 0) return { kind: 'equal' };
  const names = schema.fields.map((f) => f.name);
  const show = (v: unknown) =>
    truncate(JSON.stringify(names.map((n) => (v as Record<string, unknown>)[n])), 200);
  const parts = [`${totals.actual} rows, expected ${totals.expected}`];
  if (stillExpected.length > 0)
    parts.push(`${stillExpected.length} expected not found, e.g. ${show(stillExpected[0])}`);
  if (stillActual.length > 0) parts.push(`${stillActual.length} unexpected, e.g. ${show(stillActual[0])}`);
  return { kind: 'different', reason: parts.join('; ') };
}

/** The items of each side that have no same-key partner on the other side (one partner per item). */
function multisetDifference<T>(
  left: readonly T[],
  right: readonly T[],
  keyOf: (v: T) => string,
): { onlyLeft: T[]; onlyRight: T[] } {
  // One pass per side: +1 per left item, -1 per right item; the leftovers are whatever stays unbalanced.
  const balance = new Map<string, { count: number; left: T[]; right: T[] }>();
  const entry = (k: string) => {
    let e = balance.get(k);
    if (!e) balance.set(k, (e = { count: 0, left: [], right: [] }));
    return e;
  };
  for (const v of left) {
    const e = entry(keyOf(v));
    e.count++;
    if (e.left.length === 0) e.left.push(v);
  }
  for (const v of right) {
    const e = entry(keyOf(v));
    e.count--;
    if (e.right.length === 0) e.right.push(v);
  }
  const onlyLeft: T[] = [];
  const onlyRight: T[] = [];
  for (const e of balance.values()) {
    for (let i = 0; i < e.count; i++) onlyLeft.push(e.left[0] as T);
    for (let i = 0; i < -e.count; i++) onlyRight.push(e.right[0] as T);
  }
  return { onlyLeft, onlyRight };
}

function pushTo(m: Map<string, unknown[]>, k: string, v: unknown): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

function rowAsStruct(schema: StructType, row: EncodedRow): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  schema.fields.forEach((f, i) => {
    o[f.name] = row[i];
  });
  return o;
}

/**
 * A canonical form of one encoded value: timestamps with trimmed fractions, maps with sorted entries,
 * structs with fields in schema order. Equal canonical forms (as JSON text) mean equal values.
 */
export function normalize(v: unknown, t: DataType): unknown {
  if (v === null || v === undefined) return null;
  switch (t.kind) {
    case 'primitive':
      return t.name === 'timestamp' || t.name === 'timestamp_ntz' ? normalizeTimestamp(v) : v;
    case 'decimal':
      return v;
    case 'array':
      return Array.isArray(v) ? v.map((e) => normalize(e, t.elementType)) : v;
    case 'map': {
      if (!Array.isArray(v)) return v;
      const entries = v.map((e: { key?: unknown; value?: unknown }) => ({
        key: normalize(e.key, t.keyType),
        value: normalize(e.value, t.valueType),
      }));
      return entries.sort((a, b) => compareText(JSON.stringify(a), JSON.stringify(b)));
    }
    case 'struct': {
      if (typeof v !== 'object' || Array.isArray(v)) return v;
      const o = v as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const f of t.fields) out[f.name] = normalize(o[f.name], f.type);
      // A field the schema does not know is a difference, not something to drop silently.
      for (const k of Object.keys(o)) if (!(k in out)) out[`?${k}`] = o[k];
      return out;
    }
    case 'char':
    case 'varchar':
    case 'yearMonthInterval':
    case 'dayTimeInterval':
    case 'calendarInterval':
      return v;
    default:
      return assertNever(t);
  }
}

/** `2023-05-31 18:58:33.633000+00` and `2023-05-31 18:58:33.633+00` are one instant. */
export function normalizeTimestamp(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  return v.replace(/(\d{2}:\d{2}:\d{2})(\.\d*)?/, (_whole, hms: string, frac: string | undefined) => {
    const trimmed = (frac ?? '').replace(/0+$/, '');
    return trimmed === '.' || trimmed === '' ? hms : hms + trimmed;
  });
}

/** The normalized value as text; with `blankFloats`, float/double values are blanked (the tolerant part). */
function key(v: unknown, t: DataType, blankFloats: boolean): string {
  return JSON.stringify(blankFloats ? blankFloating(v, t) : v);
}

function blankFloating(v: unknown, t: DataType): unknown {
  if (v === null) return null;
  switch (t.kind) {
    case 'primitive':
      return isFloating(t) && typeof v === 'number' ? 0 : v;
    case 'decimal':
      return v;
    case 'array':
      return Array.isArray(v) ? v.map((e) => blankFloating(e, t.elementType)) : v;
    case 'map':
      // Entries were sorted on their exact text: blanking could reorder them, so keep maps whole.
      return v;
    case 'struct': {
      const o = v as Record<string, unknown>;
      const out: Record<string, unknown> = { ...o };
      for (const f of t.fields) out[f.name] = blankFloating(o[f.name], f.type);
      return out;
    }
    case 'char':
    case 'varchar':
    case 'yearMonthInterval':
    case 'dayTimeInterval':
    case 'calendarInterval':
      return v;
    default:
      return assertNever(t);
  }
}

function isFloating(t: DataType): boolean {
  return t.kind === 'primitive' && (t.name === 'float' || t.name === 'double');
}

/** Equality of two normalized values of type `t`, with the float tolerance. */
export function approxEqual(a: unknown, b: unknown, t: DataType): boolean {
  if (a === null || b === null) return a === b;
  switch (t.kind) {
    case 'primitive':
      return isFloating(t) ? floatsEqual(a, b) : a === b;
    case 'decimal':
      return a === b;
    case 'array':
      return (
        Array.isArray(a) &&
        Array.isArray(b) &&
        a.length === b.length &&
        a.every((x, i) => approxEqual(x, b[i], t.elementType))
      );
    case 'map':
      return (
        Array.isArray(a) &&
        Array.isArray(b) &&
        a.length === b.length &&
        a.every(
          (x: { key: unknown; value: unknown }, i) =>
            approxEqual(x.key, b[i].key, t.keyType) && approxEqual(x.value, b[i].value, t.valueType),
        )
      );
    case 'struct': {
      const ao = a as Record<string, unknown>;
      const bo = b as Record<string, unknown>;
      const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
      const types = new Map(t.fields.map((f) => [f.name, f.type]));
      return [...keys].every((k) => {
        const ft = types.get(k);
        return ft ? approxEqual(ao[k] ?? null, bo[k] ?? null, ft) : ao[k] === bo[k];
      });
    }
    case 'char':
    case 'varchar':
    case 'yearMonthInterval':
    case 'dayTimeInterval':
    case 'calendarInterval':
      return a === b;
    default:
      return assertNever(t);
  }
}

export function floatsEqual(a: unknown, b: unknown): boolean {
  if (typeof a !== 'number' || typeof b !== 'number') return a === b; // "NaN", "Infinity", "-Infinity"
  if (a === b) return true;
  const scale = Math.max(Math.abs(a), Math.abs(b));
  return Math.abs(a - b) <= RELATIVE_TOLERANCE * Math.max(scale, 1e-300) || Math.abs(a - b) < 1e-12;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function truncate(s: string, n: number): string {
  return s.length <= n ? s : `${s.slice(0, n - 1)}…`;
}
