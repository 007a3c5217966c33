/**
 * Shared pieces of the Spark SQL AST. Every node is immutable, tagged by `kind`, and carries the 0-based
 * character span of the source text it came from (end exclusive), so later layers can point at fragments
 * the way Spark's queryContext does.
 */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A possibly qualified name (`catalog.db.table`, `delta.`/path``): its parts, unquoted. */
export interface ObjectName {
  readonly kind: 'objectName';
  readonly parts: readonly string[];
  readonly span: Span;
}

/** `key = value` pairs of OPTIONS / TBLPROPERTIES / SET: keys are dotted names or strings. */
export interface Property {
  readonly key: string;
  /** null when only the key was given (UNSET TBLPROPERTIES, SHOW TBLPROPERTIES t (key)). */
  readonly value: PropertyValue | null;
}

/** Spark's propertyValue: a string, number, boolean or bare identifier, kept as its text. */
export type PropertyValue = string | number | boolean;

export const NO_SPAN: Span = { start: 0, end: 0 };
