/**
 * Spark's JsonInferSchema: integers are bigint (decimal(p,0) beyond bigint, double beyond 38 digits),
 * other numbers double (decimal with `prefersDecimal`), objects structs with fields sorted by name,
 * arrays of the merged element type; `primitivesAsString` makes every primitive string. Types merge with
 * JsonInferSchema.compatibleType (numeric widening, structs merged by field name, arrays by element,
 * anything else string); a type that stays NULL (all values null, empty arrays) ends as string.
 */
import {
  arrayOf,
  BooleanType,
  type DataType,
  DoubleType,
  decimal,
  field,
  LongType,
  StringType,
  type StructType,
  struct,
} from '../../types/data-types.js';
import { isJavaLong } from '../java-number-text.js';
import type { JsonNode } from './json-parser.js';

export type JsonInferred = DataType | 'null';

export interface JsonInferenceOptions {
  readonly primitivesAsString: boolean;
  readonly prefersDecimal: boolean;
}

export function inferJsonType(n: JsonNode, o: JsonInferenceOptions): JsonInferred {
  switch (n.t) {
    case 'null':
      return 'null';
    case 'bool':
      return o.primitivesAsString ? StringType : BooleanType;
    case 'str':
      return StringType;
    case 'num': {
      if (o.primitivesAsString) return StringType;
      if (n.integral) {
        if (isJavaLong(n.text)) return LongType;
        const digits = n.text.replace(/^-/, '').length;
        return digits <= 38 ? decimal(digits, 0) : DoubleType;
      }
      if (o.prefersDecimal && /^-?\d/.test(n.text)) {
        const [i = '', f = ''] = n.text.replace(/^-/, '').split(/[eE]/)[0]!.split('.');
        const p = Math.max(i.replace(/^0+/, '').length + f.length, f.length);
        if (!/[eE]/.test(n.text) && p <= 38) return decimal(Math.max(p, 1), f.length);
      }
      return DoubleType;
    }
    case 'arr': {
      let el: JsonInferred = 'null';
      for (const item of n.items) el = compatibleJsonType(el, inferJsonType(item, o));
      return { kind: 'array', elementType: el === 'null' ? NULL_MARK : el, containsNull: true };
    }
    case 'obj': {
      const byName = new Map<string, JsonInferred>();
      for (const [k, v] of n.entries) {
        byName.set(k, compatibleJsonType(byName.get(k) ?? 'null', inferJsonType(v, o)));
      }
      return inferredStruct(byName);
    }
    default: {
      const never: never = n;
      return never;
    }
  }
}

/** NullType inside a nested type (an empty array's element) until merging or canonicalisation replaces it. */
const NULL_MARK: DataType = { kind: 'primitive', name: 'void' };

function inferredStruct(byName: ReadonlyMap<string, JsonInferred>): StructType {
  const names = [...byName.keys()].sort();
  return struct(names.map((k) => field(k, nullToMark(byName.get(k)!), true)));
}

const nullToMark = (t: JsonInferred): DataType => (t === 'null' ? NULL_MARK : t);
const isNull = (t: JsonInferred) => t === 'null' || (t.kind === 'primitive' && t.name === 'void');

export function compatibleJsonType(a: JsonInferred, b: JsonInferred): JsonInferred {
  if (isNull(a)) return b;
  if (isNull(b)) return a;
  const x = a as DataType;
  const y = b as DataType;
  if (x.kind === 'struct' && y.kind === 'struct') {
    const byName = new Map<string, JsonInferred>();
    for (const f of [...x.fields, ...y.fields])
      byName.set(f.name, compatibleJsonType(byName.get(f.name) ?? 'null', f.type));
    return inferredStruct(byName);
  }
  if (x.kind === 'array' && y.kind === 'array') {
    return arrayOf(nullToMark(compatibleJsonType(x.elementType, y.elementType)), true);
  }
  if (x.kind === 'decimal' && y.kind === 'decimal') {
    const scale = Math.max(x.scale, y.scale);
    const range = Math.max(x.precision - x.scale, y.precision - y.scale);
    return range + scale > 38 ? DoubleType : decimal(range + scale, scale);
  }
  const kx = x.kind === 'primitive' ? x.name : x.kind;
  const ky = y.kind === 'primitive' ? y.name : y.kind;
  if (kx === ky) return x;
  if ((kx === 'long' && ky === 'double') || (kx === 'double' && ky === 'long')) return DoubleType;
  if ((kx === 'decimal' && ky === 'double') || (kx === 'double' && ky === 'decimal')) return DoubleType;
  if (kx === 'long' && y.kind === 'decimal') return compatibleJsonType(decimal(20, 0), y);
  if (ky === 'long' && x.kind === 'decimal') return compatibleJsonType(x, decimal(20, 0));
  return StringType;
}

/** JsonInferSchema.canonicalizeType: NULL types become string; structs left without fields disappear. */
export function canonicalJsonType(t: JsonInferred): DataType | undefined {
  if (isNull(t)) return StringType;
  const d = t as DataType;
  if (d.kind === 'array') return arrayOf(canonicalJsonType(d.elementType) ?? StringType, true);
  if (d.kind === 'struct') {
    const fields = d.fields.flatMap((f) => {
      if (f.name === '') return [];
      const c = canonicalJsonType(f.type);
      return c === undefined ? [] : [field(f.name, c, true)];
    });
    return fields.length > 0 ? struct(fields) : undefined;
  }
  return d;
}
