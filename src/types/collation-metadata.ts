/**
 * How Spark writes a collated string into schema JSON (StructField.jsonValue / DataType.parseStructField):
 * the type stays `"string"` and the field's metadata gains `__COLLATIONS`, mapping the path of each collated
 * string inside the field (`c`, `c.element`, `m.key`, `m.value`, nested `c.element.element`) to
 * `provider.name` (`spark.UTF8_LCASE`, `icu.UNICODE`). Struct fields nested in the type carry their own.
 */
import { parseCollationName } from './collation.js';
import { type DataType, type FieldMetadata, type StructField, stringCollation } from './data-types.js';

export const COLLATIONS_METADATA_KEY = '__COLLATIONS';

/** The field's metadata with `__COLLATIONS` for the collated strings of its type (none: unchanged). */
export function metadataWithCollations(f: StructField): FieldMetadata {
  const paths: Record<string, string> = {};
  collect(f.type, f.name, paths);
  if (Object.keys(paths).length === 0) return f.metadata;
  return { ...f.metadata, [COLLATIONS_METADATA_KEY]: paths };
}

/** Reads `__COLLATIONS` back into the field's type, and drops it from the metadata as Spark does. */
export function fieldWithCollations(f: StructField): StructField {
  const raw = f.metadata[COLLATIONS_METADATA_KEY];
  if (raw === undefined || raw === null || typeof raw !== 'object') return f;
  const paths = raw as Readonly<Record<string, unknown>>;
  const { [COLLATIONS_METADATA_KEY]: _, ...metadata } = f.metadata;
  return { ...f, type: apply(f.type, f.name, paths), metadata };
}

function collect(t: DataType, path: string, out: Record<string, string>): void {
  const c = stringCollation(t);
  if (c !== undefined) {
    if (c !== 'UTF8_BINARY') out[path] = `${parseCollationName(c)?.provider ?? 'spark'}.${c}`;
  } else if (t.kind === 'array') collect(t.elementType, `${path}.element`, out);
  else if (t.kind === 'map') {
    collect(t.keyType, `${path}.key`, out);
    collect(t.valueType, `${path}.value`, out);
  }
}

function apply(t: DataType, path: string, paths: Readonly<Record<string, unknown>>): DataType {
  if (t.kind === 'primitive' && t.name === 'string') {
    const id = paths[path];
    if (typeof id !== 'string') return t;
    const name = id.slice(id.indexOf('.') + 1);
    return name === 'UTF8_BINARY' ? t : Object.freeze({ kind: 'primitive', name: 'string', collation: name });
  }
  if (t.kind === 'array') return { ...t, elementType: apply(t.elementType, `${path}.element`, paths) };
  if (t.kind === 'map') {
    return {
      ...t,
      keyType: apply(t.keyType, `${path}.key`, paths),
      valueType: apply(t.valueType, `${path}.value`, paths),
    };
  }
  return t;
}
