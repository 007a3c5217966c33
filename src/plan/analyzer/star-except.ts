/**
 * `* EXCEPT (a, b)` (Databricks / Spark 4): each name must resolve to one of the columns the star expands
 * to (UNRESOLVED_COLUMN otherwise), and no name may repeat or contain another (EXCEPT_OVERLAPPING_COLUMNS).
 * A nested name (`* EXCEPT (s.f)`) keeps `s` without field `f` (a NULL struct stays NULL). `s.*` on a struct
 * column stands for its fields (Spark's UnresolvedStar.expand when the qualifier names no relation).
 */
import { LakesqlError } from '../../errors/index.js';
import { NO_SPAN } from '../../sql/ast/common.js';
import type { Expression } from '../../sql/ast/expressions.js';
import { call, columnRef, literal, stringLiteral } from '../../sql/ast/node-builders.js';
import type { DataType } from '../../types/data-types.js';
import type { Attribute } from '../logical/attribute.js';
import { columnRegex } from './column-regex.js';
import { Scope, unresolvedColumn } from './scope.js';

export function exceptColumns(
  attrs: readonly Attribute[],
  except: readonly (readonly string[])[],
): StarItem[] {
  const scope = new Scope(attrs);
  const resolved = except.map((parts) => {
    const r = scope.tryResolve(parts);
    if (!r) throw unresolvedColumn(parts, attrs);
    return { parts, attr: r.attr, path: r.fieldPath.map((f) => f.toLowerCase()) };
  });
  for (const [i, a] of resolved.entries()) {
    for (const b of resolved.slice(i + 1)) {
      const [short, long] = a.path.length <= b.path.length ? [a, b] : [b, a];
      if (a.attr.id === b.attr.id && short.path.every((f, k) => long.path[k] === f)) {
        throw new LakesqlError('EXCEPT_OVERLAPPING_COLUMNS', {
          columns: `${a.parts.join('.')}, ${b.parts.join('.')}`,
        });
      }
    }
  }
  const dropped = new Set(resolved.filter((r) => r.path.length === 0).map((r) => r.attr.id));
  return attrs
    .filter((a) => !dropped.has(a.id))
    .map((attr): StarItem => {
      const paths = resolved.filter((r) => r.attr.id === attr.id).map((r) => r.path);
      if (paths.length === 0) return { kind: 'attribute', attr };
      const ref = [...attr.qualifier.slice(-1), attr.name];
      return { kind: 'expression', name: attr.name, ast: withoutFields(ref, attr.type, paths) };
    });
}

/** What a star stands for: a column as it is, or an expression (a struct field, a struct less some fields). */
export type StarItem =
  | { readonly kind: 'attribute'; readonly attr: Attribute }
  | { readonly kind: 'expression'; readonly name: string; readonly ast: Expression };

/**
 * `ref` (a struct) rebuilt without the fields at `paths` (lower-case, relative to it), as
 * `CASE WHEN ref IS NULL THEN NULL ELSE named_struct(…) END` so that a NULL struct stays NULL.
 */
function withoutFields(
  ref: readonly string[],
  type: DataType,
  paths: readonly (readonly string[])[],
): Expression {
  if (type.kind !== 'struct') throw new Error('EXCEPT of a nested name whose parent is not a struct');
  const args: Expression[] = [];
  for (const f of type.fields) {
    const key = f.name.toLowerCase();
    const under = paths.filter((p) => p[0] === key).map((p) => p.slice(1));
    if (under.some((p) => p.length === 0)) continue;
    const fieldRef = [...ref, f.name];
    args.push(
      stringLiteral(f.name),
      under.length > 0 ? withoutFields(fieldRef, f.type, under) : columnRef(fieldRef),
    );
  }
  if (args.length === 0) {
    // DuckDB has no struct without fields, which Spark's `struct<>` would be.
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `removing every field of ${ref.join('.')} with * EXCEPT`,
    });
  }
  return {
    kind: 'case',
    operand: null,
    whens: [
      {
        condition: { kind: 'isNull', value: columnRef(ref), negated: false, span: NO_SPAN },
        result: literal({ type: 'null' }),
      },
    ],
    else: call('named_struct', args),
    span: NO_SPAN,
  };
}

/** The columns `*`, `t.*`, `s.*` or `* EXCEPT (…)` stands for in `scope`, in order. */
export function expandStar(item: Extract<Expression, { kind: 'star' }>, scope: Scope): StarItem[] {
  if (item.regex !== undefined) {
    return regexColumns(item.regex, item.qualifier ?? [], scope).map((attr) => ({ kind: 'attribute', attr }));
  }
  let attrs = scope.attributes.filter((a) => !a.hidden);
  if (item.qualifier) {
    // `t.*` is t's own columns in t's order, including a USING key that `*` shows only once.
    const q = item.qualifier.map((p) => p.toLowerCase());
    const seen = new Set<number>();
    attrs = scope.attributes
      .filter(
        (a) =>
          a.qualifier.length >= q.length &&
          a.qualifier.slice(a.qualifier.length - q.length).every((p, i) => p === q[i]),
      )
      .filter((a) => !seen.has(a.id) && seen.add(a.id) !== undefined)
      .sort((a, b) => a.id - b.id);
    if (attrs.length === 0) {
      const fields = structStar(item.qualifier, item.except, scope);
      if (fields) return fields;
      throw new LakesqlError('CANNOT_RESOLVE_STAR_EXPAND', {
        targetString: `\`${item.qualifier.join('.')}\``,
        columns: scope.attributes.map((a) => `\`${a.name}\``).join(', '),
      } as never);
    }
  }
  if (item.except) return exceptColumns(attrs, item.except);
  return attrs.map((attr) => ({ kind: 'attribute', attr }));
}

/** `s.*` (`s.* EXCEPT (f)`) over a struct column `s`: its fields, each named as the field. */
function structStar(
  qualifier: readonly string[],
  except: readonly (readonly string[])[] | null,
  scope: Scope,
): StarItem[] | undefined {
  const r = scope.tryResolve(qualifier);
  if (!r) return undefined;
  let type: DataType = r.attr.type;
  for (const name of r.fieldPath) {
    if (type.kind !== 'struct') return undefined;
    const field = type.fields.find((f) => f.name.toLowerCase() === name.toLowerCase());
    if (!field) return undefined;
    type = field.type;
  }
  if (type.kind !== 'struct') return undefined;
  const dropped = new Set<string>();
  const nested: string[][] = [];
  for (const parts of except ?? []) {
    const key = parts[0]!.toLowerCase();
    if (!type.fields.some((f) => f.name.toLowerCase() === key)) {
      throw new LakesqlError('UNRESOLVED_COLUMN.WITH_SUGGESTION', {
        objectName: parts.map((p) => `\`${p}\``).join('.'),
        proposal: type.fields.map((f) => `\`${f.name}\``).join(', '),
      });
    }
    if (parts.length === 1) dropped.add(key);
    else nested.push(parts.map((p) => p.toLowerCase()));
  }
  return type.fields
    .filter((f) => !dropped.has(f.name.toLowerCase()))
    .map((f): StarItem => {
      const ref = [...qualifier, f.name];
      const under = nested.filter((p) => p[0] === f.name.toLowerCase()).map((p) => p.slice(1));
      return {
        kind: 'expression',
        name: f.name,
        ast: under.length > 0 ? withoutFields(ref, f.type, under) : columnRef(ref),
      };
    });
}

/**
 * The columns a quoted regex selects (UnresolvedRegex.expand): every visible column whose name matches, or with
 * a qualifier, those whose innermost qualifier is that name. None matching selects none, without an error.
 */
function regexColumns(regex: string, qualifier: readonly string[], scope: Scope): Attribute[] {
  const pattern = columnRegex(regex);
  const table = qualifier.join('.').toLowerCase();
  return scope.attributes.filter(
    (a) =>
      !a.hidden &&
      (qualifier.length === 0 || a.qualifier.at(-1)?.toLowerCase() === table) &&
      pattern.test(a.name),
  );
}
