/**
 * The VARIANT functions' chunk UDFs over the packed variant BLOB (formats/variant/variant-blob.ts): each call
 * gets a whole chunk and loops over its rows in TypeScript; a NULL argument gives NULL.
 *   spark_parse_json(text, nullOnMalformed) -> BLOB      spark_variant_to_json(v) -> VARCHAR
 *   spark_variant_get(v, path) -> BLOB (NULL when the path finds nothing)
 *   spark_variant_kind(v) -> VARCHAR ('object', 'long', 'decimal', …); spark_schema_of_variant(v) -> VARCHAR
 *   spark_variant_text(v) -> VARCHAR: a scalar as text a cast reads (a string unquoted, a decimal with its scale)
 *   spark_variant_from_scalar(kind, text) -> BLOB: a typed SQL value as a variant (CAST(x AS VARIANT))
 *   spark_variant_metadata(v), spark_variant_value(v) -> BLOB and spark_variant_pack(metadata, value) -> BLOB:
 *   the two halves Parquet's variant group stores.
 */
import { BLOB, BOOLEAN, DuckDBBlobValue, type DuckDBConnection, VARCHAR } from '@duckdb/node-api';
import { parseJsonVariant } from '../../formats/variant/parse-json-variant.js';
import { scalarVariant } from '../../formats/variant/scalar-variant.js';
import {
  packSubVariant,
  packVariant,
  readVariant,
  unpackVariant,
} from '../../formats/variant/variant-blob.js';
import { followVariantPath, parseVariantPath } from '../../formats/variant/variant-path.js';
import { decimalPlainText, type VariantValue } from '../../formats/variant/variant-reader.js';
import {
  mergeVariantSchemasText,
  printVariantSchema,
  variantSchema,
} from '../../formats/variant/variant-schema.js';
import { javaDoubleToString, javaFloatToString } from '../../types/java-double-text.js';
import { rowFunction } from './register-datetime-udfs.js';

const bytes = (v: unknown): Uint8Array => (v as { bytes: Uint8Array }).bytes;
const blob = (b: Uint8Array | null) => (b === null ? null : new DuckDBBlobValue(b));

export function registerVariantUdfs(connection: DuckDBConnection): void {
  // A NULL argument gives NULL without reaching the function (rowFunction sees to it).
  const add = (...[name, params, result, fn]: Parameters<typeof rowFunction>) =>
    connection.registerScalarFunction(rowFunction(name, params, result, fn));
  add('spark_parse_json', [VARCHAR, BOOLEAN], BLOB, ([text, tryMode]) =>
    blob(parseJsonVariant(text as string, tryMode ? 'try_parse_json' : 'parse_json', tryMode as boolean)),
  );
  add('spark_variant_to_json', [BLOB], VARCHAR, ([v]) => readVariant(bytes(v)).toJson());
  add('spark_variant_get', [BLOB, VARCHAR], BLOB, ([v, path]) => {
    const steps = parseVariantPath(path as string);
    // The analyzer checked a constant path; a path from a column that is not one finds nothing.
    const found = steps === undefined ? undefined : followVariantPath(readVariant(bytes(v)), steps);
    return found === undefined ? null : blob(packSubVariant(found));
  });
  add('spark_variant_kind', [BLOB], VARCHAR, ([v]) => readVariant(bytes(v)).kind());
  add('spark_variant_text', [BLOB], VARCHAR, ([v]) => scalarText(readVariant(bytes(v))));
  add('spark_schema_of_variant', [BLOB], VARCHAR, ([v]) =>
    printVariantSchema(variantSchema(readVariant(bytes(v)))),
  );
  // schema_of_variant_agg: each value's schema tree as JSON, then a group's distinct trees (a JSON array) merged.
  add('spark_variant_schema_json', [BLOB], VARCHAR, ([v]) =>
    JSON.stringify(variantSchema(readVariant(bytes(v)))),
  );
  add('spark_merge_variant_schemas', [VARCHAR], VARCHAR, ([list]) =>
    mergeVariantSchemasText(JSON.parse(list as string) as string[]),
  );
  add('spark_variant_from_scalar', [VARCHAR, VARCHAR], BLOB, ([kind, text]) =>
    blob(scalarVariant(kind as string, text as string)),
  );
  add('spark_variant_metadata', [BLOB], BLOB, ([v]) => blob(unpackVariant(bytes(v)).metadata));
  add('spark_variant_value', [BLOB], BLOB, ([v]) => blob(unpackVariant(bytes(v)).value));
  add('spark_variant_pack', [BLOB, BLOB], BLOB, ([m, v]) =>
    blob(packVariant({ metadata: bytes(m), value: bytes(v) })),
  );
}

/** A scalar as text that DuckDB's casts read; objects and arrays as their JSON. */
function scalarText(v: VariantValue): string {
  switch (v.kind()) {
    case 'string':
      return v.string();
    case 'boolean':
      return String(v.boolean());
    case 'long':
      return v.long().toString();
    case 'decimal':
      return decimalPlainText(v.decimal(), false);
    case 'double':
      return javaDoubleToString(v.double());
    case 'float':
      return javaFloatToString(v.float());
    case 'date':
    case 'timestamp':
    case 'timestamp_ntz':
    case 'uuid':
      return JSON.parse(v.toJson()) as string;
    default:
      return v.toJson();
  }
}
