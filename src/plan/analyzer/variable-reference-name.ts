/**
 * How Spark names a session variable inside a larger expression: VariableReference.toString,
 * `variablereference(system.session.v=<Literal.sql of its value>)` (`sum(variablereference(system.session.v=1))`).
 * A variable alone in a select list is named after itself (outputName takes the last name part).
 */
import type { SessionVariable } from '../../catalog/session-variables.js';
import { javaDoubleToString } from '../../types/java-double-text.js';
import { sparkTypeSql } from '../types/type-sql.js';

export function variableReferenceName(v: SessionVariable): string {
  return `variablereference(system.session.${v.name}=${literalSql(v)})`;
}

/** Spark's Literal.sql for the common types; others show their value as text. */
function literalSql({ value, type }: SessionVariable): string {
  if (value === null) return `CAST(NULL AS ${sparkTypeSql(type)})`;
  if (type.kind === 'decimal') return `${String(value)}BD`;
  if (type.kind !== 'primitive') return String(value);
  switch (type.name) {
    case 'string':
      return `'${String(value).replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
    case 'byte':
      return `${String(value)}Y`;
    case 'short':
      return `${String(value)}S`;
    case 'long':
      return `${String(value)}L`;
    case 'double':
      return `${javaDoubleToString(Number(value))}D`;
    case 'boolean':
      return String(value).toUpperCase();
    default:
      return String(value);
  }
}
