/**
 * schema_of_variant (Spark's SchemaOfVariant): the SQL type a variant's value has, as Spark prints it
 * (`OBJECT<a: BIGINT, b: ARRAY<DECIMAL(2,1)>>`). Every integer is BIGINT; a decimal is DECIMAL(p, s) with its
 * stored scale; a JSON null is VOID; an array's element type merges its elements' types (mergeSchema):
 * integers and decimals widen to one decimal, a decimal and a double to DOUBLE, anything else to VARIANT.
 */
import type { VariantValue } from './variant-reader.js';

export type VariantSchema =
  | { readonly t: 'scalar'; readonly name: string }
  | { readonly t: 'decimal'; readonly precision: number; readonly scale: number }
  | { readonly t: 'array'; readonly element: VariantSchema }
  | {
      readonly t: 'object';
      readonly fields: readonly { readonly name: string; readonly type: VariantSchema }[];
    };

const scalar = (name: string): VariantSchema => ({ t: 'scalar', name });
const VOID = scalar('VOID');

export function variantSchema(v: VariantValue): VariantSchema {
  switch (v.kind()) {
    case 'object':
      return { t: 'object', fields: v.fields().map((f) => ({ name: f.key, type: variantSchema(f.value) })) };
    case 'array': {
      let element = VOID;
      for (let i = 0; i < v.arraySize(); i++)
        element = mergeVariantSchema(element, variantSchema(v.element(i)!));
      return { t: 'array', element };
    }
    case 'decimal': {
      const { unscaled, scale } = v.decimal();
      const digits = (unscaled < 0n ? -unscaled : unscaled).toString().length;
      // Spark's Decimal counts a precision of at least the scale (0.001 is DECIMAL(3,3)).
      return { t: 'decimal', precision: Math.max(digits, scale), scale };
    }
    case 'null':
      return VOID;
    case 'boolean':
      return scalar('BOOLEAN');
    case 'long':
      return scalar('BIGINT');
    case 'string':
      return scalar('STRING');
    case 'double':
      return scalar('DOUBLE');
    case 'float':
      return scalar('FLOAT');
    case 'date':
      return scalar('DATE');
    case 'timestamp':
      return scalar('TIMESTAMP');
    case 'timestamp_ntz':
      return scalar('TIMESTAMP_NTZ');
    case 'binary':
      return scalar('BINARY');
    case 'uuid':
      return scalar('UUID');
  }
}

/** SchemaOfVariant.mergeSchema. */
export function mergeVariantSchema(a: VariantSchema, b: VariantSchema): VariantSchema {
  if (sameSchema(a, b)) return a;
  if (a.t === 'scalar' && a.name === 'VOID') return b;
  if (b.t === 'scalar' && b.name === 'VOID') return a;
  const da = asDecimal(a);
  const db = asDecimal(b);
  if (da && db) {
    const scale = Math.max(da.scale, db.scale);
    const range = Math.max(da.precision - da.scale, db.precision - db.scale);
    return range + scale > 38 ? scalar('DOUBLE') : { t: 'decimal', precision: range + scale, scale };
  }
  const isDouble = (s: VariantSchema) => s.t === 'scalar' && s.name === 'DOUBLE';
  if ((isDouble(a) && db) || (isDouble(b) && da)) return scalar('DOUBLE');
  if (a.t === 'object' && b.t === 'object') return mergeObjects(a.fields, b.fields);
  if (a.t === 'array' && b.t === 'array')
    return { t: 'array', element: mergeVariantSchema(a.element, b.element) };
  return scalar('VARIANT');
}

function mergeObjects(
  a: readonly { readonly name: string; readonly type: VariantSchema }[],
  b: readonly { readonly name: string; readonly type: VariantSchema }[],
): VariantSchema {
  const fields = new Map<string, VariantSchema>();
  for (const f of a) fields.set(f.name, f.type);
  for (const f of b) {
    const seen = fields.get(f.name);
    fields.set(f.name, seen === undefined ? f.type : mergeVariantSchema(seen, f.type));
  }
  const names = [...fields.keys()].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  return { t: 'object', fields: names.map((name) => ({ name, type: fields.get(name)! })) };
}

/** BIGINT widens to DECIMAL(20,0) (DecimalType.forType(LongType)). */
function asDecimal(s: VariantSchema): { precision: number; scale: number } | undefined {
  if (s.t === 'decimal') return s;
  if (s.t === 'scalar' && s.name === 'BIGINT') return { precision: 20, scale: 0 };
  return undefined;
}

function sameSchema(a: VariantSchema, b: VariantSchema): boolean {
  return printVariantSchema(a) === printVariantSchema(b);
}

export function printVariantSchema(s: VariantSchema): string {
  switch (s.t) {
    case 'scalar':
      return s.name;
    case 'decimal':
      return `DECIMAL(${s.precision},${s.scale})`;
    case 'array':
      return `ARRAY<${printVariantSchema(s.element)}>`;
    case 'object':
      return `OBJECT<${s.fields.map((f) => `${quoteIfNeeded(f.name)}: ${printVariantSchema(f.type)}`).join(', ')}>`;
  }
}

function quoteIfNeeded(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `\`${name.replaceAll('`', '``')}\``;
}

/**
 * schema_of_variant_agg's merge: the schemas (each as variantSchema's tree in JSON) of a group's values,
 * merged from VOID by mergeVariantSchema and printed.
 */
export function mergeVariantSchemasText(schemasJson: readonly (string | null)[]): string {
  let merged = VOID;
  // A SQL NULL in the group has no schema (DuckDB's list keeps it).
  for (const s of schemasJson)
    if (s !== null) merged = mergeVariantSchema(merged, JSON.parse(s) as VariantSchema);
  return printVariantSchema(merged);
}
