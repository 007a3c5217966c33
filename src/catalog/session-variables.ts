/**
 * Temporary SQL variables (Spark's TempVariableManager): they live in the schema `system.session` of one
 * session, never in the warehouse. A variable keeps its type, its current value and the SQL text of its
 * DEFAULT expression, which `SET VAR v = DEFAULT` evaluates anew (sql-ref-syntax-ddl-declare-variable.html).
 * Names are case-insensitive and may be written `v`, `session.v` or `system.session.v`.
 */
import { LakesqlError } from '../errors/index.js';
import type { DataType } from '../types/data-types.js';
import type { Value } from '../types/value.js';
import { normalizeName, quoteNameParts } from './identifiers.js';

export interface SessionVariable {
  /** The name as declared. */
  readonly name: string;
  readonly type: DataType;
  readonly value: Value;
  /** The DEFAULT expression's SQL text; `NULL` when none was given. */
  readonly defaultSql: string;
}

/** Where unqualified variable names are looked for, as Spark names it in UNRESOLVED_VARIABLE. */
const SEARCH_PATH = ['SYSTEM', 'SESSION'];

export class SessionVariables {
  readonly #variables = new Map<string, SessionVariable>();
  #generation = 0;

  /** Counts declarations, assignments and drops: a plan analyzed at one generation saw these values. */
  get generation(): number {
    return this.#generation;
  }

  /**
   * The variable name of `parts` (`v`, `session.v`, `system.session.v`, qualifiers case-insensitive), or
   * undefined when the parts cannot name a session variable.
   */
  static variableName(parts: readonly string[]): string | undefined {
    const q = parts.slice(0, -1).map(normalizeName);
    const qualified =
      q.length === 0 ||
      (q.length === 1 && q[0] === 'session') ||
      (q.length === 2 && q[0] === 'system' && q[1] === 'session');
    return qualified ? parts[parts.length - 1] : undefined;
  }

  /** The variable `parts` names, if it exists. */
  lookup(parts: readonly string[]): SessionVariable | undefined {
    const name = SessionVariables.variableName(parts);
    return name === undefined ? undefined : this.#variables.get(normalizeName(name));
  }

  /** The variable `parts` names; UNRESOLVED_VARIABLE (42883) when there is none. */
  get(parts: readonly string[]): SessionVariable {
    const v = this.lookup(parts);
    if (!v) throw unresolvedVariable(parts);
    return v;
  }

  /** DECLARE [OR REPLACE]: VARIABLE_ALREADY_EXISTS (42723) for an existing name without `replace`. */
  declare(parts: readonly string[], variable: Omit<SessionVariable, 'name'>, replace: boolean): void {
    const name = SessionVariables.variableName(parts);
    if (name === undefined) throw unresolvedVariable(parts);
    const key = normalizeName(name);
    if (!replace && this.#variables.has(key)) {
      throw new LakesqlError('VARIABLE_ALREADY_EXISTS', { variableName: qualifiedName(key) });
    }
    this.#variables.set(key, { ...variable, name });
    this.#generation += 1;
  }

  /** SET VAR: the variables must exist (checked by `get` before the values are computed). */
  assign(values: ReadonlyMap<SessionVariable, Value>): void {
    for (const [variable, value] of values) {
      this.#variables.set(normalizeName(variable.name), { ...variable, value });
    }
    this.#generation += 1;
  }

  /** DROP TEMPORARY VARIABLE: VARIABLE_NOT_FOUND (42883) for a missing one unless `ifExists`. */
  drop(parts: readonly string[], ifExists: boolean): void {
    const name = SessionVariables.variableName(parts);
    if (name === undefined) throw unresolvedVariable(parts);
    const key = normalizeName(name);
    if (!this.#variables.delete(key)) {
      if (ifExists) return;
      throw new LakesqlError('VARIABLE_NOT_FOUND', { variableName: qualifiedName(key) });
    }
    this.#generation += 1;
  }
}

function qualifiedName(key: string): string {
  return quoteNameParts(['system', 'session', key]);
}

function unresolvedVariable(parts: readonly string[]): LakesqlError {
  return new LakesqlError('UNRESOLVED_VARIABLE', {
    variableName: quoteNameParts(parts),
    searchPath: quoteNameParts(SEARCH_PATH),
  });
}
