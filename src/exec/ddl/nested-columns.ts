/**
 * Column paths in a Delta schema, as Delta's SchemaUtils walks them for ALTER TABLE: a path names struct
 * fields by name (case-insensitively, DELTA_COL_RESOLVER), `element` steps into an array and `key` / `value`
 * into a map (SchemaUtils.findColumnPosition). The edits rebuild only the structs along the path.
 */
import { LakesqlError } from '../../errors/index.js';
import { type DataType, type StructField, type StructType, struct } from '../../types/data-types.js';
import { typeSql } from './show-create-table.js';

export type ColumnPath = readonly string[];

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** `a`.`b` as Spark's UnresolvedAttribute(path).name prints it: backquotes only where a part needs them. */
export function prettyPath(path: ColumnPath): string {
  return path
    .map((p) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(p) ? p : `\`${p.replaceAll('`', '``')}\``))
    .join('.');
}

/** The field `path` names, or undefined when some step does not exist. */
export function findNestedField(schema: StructType, path: ColumnPath): StructField | undefined {
  let fields = schema.fields;
  for (let i = 0; i < path.length; i++) {
    const f = fields.find((x) => same(x.name, path[i]!));
    if (!f) return undefined;
    if (i === path.length - 1) return f;
    const inner = structInside(f.type, path.slice(i + 1), path.slice(0, i + 1), schema);
    if (!inner) return undefined;
    fields = inner.struct.fields;
    i += inner.steps;
  }
  return undefined;
}

/**
 * The struct reached from `t` after stepping through `element` / `key` / `value` at the head of `rest`,
 * and how many such steps were taken; undefined when `t` holds no struct there.
 */
function structInside(
  t: DataType,
  rest: ColumnPath,
  at: ColumnPath,
  schema: StructType,
): { struct: StructType; steps: number } | undefined {
  let steps = 0;
  let cur = t;
  for (;;) {
    if (cur.kind === 'struct') return { struct: cur, steps };
    const step = rest[steps];
    const here = [...at, ...rest.slice(0, steps)];
    if (cur.kind === 'array') {
      if (step === undefined || !same(step, 'element')) throw arrayAccess(here, schema);
      cur = cur.elementType;
    } else if (cur.kind === 'map') {
      if (step !== undefined && same(step, 'key')) cur = cur.keyType;
      else if (step !== undefined && same(step, 'value')) cur = cur.valueType;
      else throw mapAccess(here, schema);
    } else return undefined;
    steps++;
  }
}

/**
 * `schema` with the fields of the struct at `parent` (the top level when empty) replaced by `edit`'s
 * result. `notStruct` is the error when `parent` names something that holds no struct.
 */
export function editStructAt(
  schema: StructType,
  parent: ColumnPath,
  edit: (fields: readonly StructField[]) => StructField[],
  notStruct: (found: DataType) => LakesqlError,
  missing: () => LakesqlError,
): StructType {
  const editType = (t: DataType, rest: ColumnPath, at: ColumnPath): DataType => {
    if (rest.length === 0) {
      if (t.kind !== 'struct') throw notStruct(t);
      return struct(edit(t.fields));
    }
    switch (t.kind) {
      case 'struct': {
        const i = t.fields.findIndex((f) => same(f.name, rest[0]!));
        if (i < 0) throw missing();
        const f = t.fields[i]!;
        const fields = [...t.fields];
        fields[i] = { ...f, type: editType(f.type, rest.slice(1), [...at, f.name]) };
        return struct(fields);
      }
      case 'array':
        if (!same(rest[0]!, 'element')) throw arrayAccess(at, schema);
        return { ...t, elementType: editType(t.elementType, rest.slice(1), [...at, 'element']) };
      case 'map':
        if (same(rest[0]!, 'key'))
          return { ...t, keyType: editType(t.keyType, rest.slice(1), [...at, 'key']) };
        if (same(rest[0]!, 'value'))
          return { ...t, valueType: editType(t.valueType, rest.slice(1), [...at, 'value']) };
        throw mapAccess(at, schema);
      default:
        throw new LakesqlError('DELTA_COLUMN_PATH_NOT_NESTED', {
          columnPath: prettyPath(at),
          other: typeSql(t),
          column: rest[0]!,
          schema: schemaTree(schema),
        });
    }
  };
  return editType(schema, parent, []) as StructType;
}

/** Every column path of `schema`, parents before children (for UNRESOLVED_COLUMN's suggestions). */
export function allPaths(schema: StructType): string[] {
  const out: string[] = [];
  const walk = (fields: readonly StructField[], at: ColumnPath) => {
    for (const f of fields) {
      const path = [...at, f.name];
      out.push(path.map((p) => `\`${p}\``).join('.'));
      if (f.type.kind === 'struct') walk(f.type.fields, path);
    }
  };
  walk(schema.fields, []);
  return out;
}

function arrayAccess(at: ColumnPath, schema: StructType): LakesqlError {
  return new LakesqlError('DELTA_INCORRECT_ARRAY_ACCESS_BY_NAME', {
    rightName: prettyPath([...at, 'element']),
    wrongName: prettyPath(at),
    schema: schemaTree(schema),
  });
}

function mapAccess(at: ColumnPath, schema: StructType): LakesqlError {
  return new LakesqlError('DELTA_FOUND_MAP_TYPE_COLUMN', {
    key: prettyPath([...at, 'key']),
    value: prettyPath([...at, 'value']),
    schema: schemaTree(schema),
  });
}

/** Spark's StructType.treeString, which Delta's messages print the schema as. */
export function schemaTree(schema: StructType): string {
  const lines = ['root'];
  const walk = (t: DataType, prefix: string) => {
    if (t.kind === 'struct') {
      for (const f of t.fields) {
        lines.push(`${prefix}-- ${f.name}: ${typeName(f.type)} (nullable = ${f.nullable})`);
        walk(f.type, `${prefix}    |`);
      }
    } else if (t.kind === 'array') {
      lines.push(`${prefix}-- element: ${typeName(t.elementType)} (containsNull = ${t.containsNull})`);
      walk(t.elementType, `${prefix}    |`);
    } else if (t.kind === 'map') {
      lines.push(`${prefix}-- key: ${typeName(t.keyType)}`);
      walk(t.keyType, `${prefix}    |`);
      lines.push(`${prefix}-- value: ${typeName(t.valueType)} (valueContainsNull = ${t.valueContainsNull})`);
      walk(t.valueType, `${prefix}    |`);
    }
  };
  walk(schema, ' |');
  return lines.join('\n');
}

function typeName(t: DataType): string {
  return t.kind === 'struct' || t.kind === 'array' || t.kind === 'map' ? t.kind : typeSql(t);
}
