/**
 * Temporary views, kept in memory and never written to the warehouse. The session owns one TempViews for its
 * local temp views; global temp views (Spark's GlobalTempViewManager, database `global_temp`) live in one
 * TempViews shared by every session of the process. `TView` is whatever the session stores for a view
 * (the analyzed plan); the catalog never looks inside it.
 */
import { LakesqlError } from '../errors/index.js';
import { normalizeName, quoteIdentifier, quoteNameParts } from './identifiers.js';
import { filterPattern } from './name-pattern.js';

/** Spark's `spark.sql.globalTempDatabase` default. */
export const GLOBAL_TEMP_DATABASE = 'global_temp';

export class TempViews<TView> {
  readonly #views = new Map<string, TView>();
  #generation = 0;

  /** Counts creations, replacements and drops: a plan analyzed at one generation saw these same views. */
  get generation(): number {
    return this.#generation;
  }

  /** `database` is set for global temp views, for the `global_temp`.`v` relation name in errors. */
  constructor(private readonly database?: string) {}

  /**
   * CREATE [OR REPLACE] TEMP VIEW: names are case-insensitive. Without `replace`, an existing view fails with
   * TEMP_TABLE_OR_VIEW_ALREADY_EXISTS (42P07).
   */
  create(name: string, view: TView, replace: boolean): void {
    const key = normalizeName(name);
    if (!replace && this.#views.has(key)) {
      throw new LakesqlError('TEMP_TABLE_OR_VIEW_ALREADY_EXISTS', { relationName: this.#quoted(key) });
    }
    this.#views.set(key, view);
    this.#generation += 1;
  }

  get(name: string): TView | undefined {
    return this.#views.get(normalizeName(name));
  }

  has(name: string): boolean {
    return this.#views.has(normalizeName(name));
  }

  /** Returns whether a view was dropped. */
  drop(name: string): boolean {
    this.#generation += 1;
    return this.#views.delete(normalizeName(name));
  }

  /** ALTER VIEW … RENAME TO for a temp view; false when `from` does not exist. */
  rename(from: string, to: string): boolean {
    const view = this.get(from);
    if (view === undefined) return false;
    this.create(to, view, false);
    this.drop(from);
    return true;
  }

  /** Names (lower-case), sorted, filtered by Spark's SHOW … LIKE pattern. */
  list(pattern?: string): string[] {
    return filterPattern(this.#views.keys(), pattern);
  }

  clear(): void {
    this.#generation += 1;
    this.#views.clear();
  }

  #quoted(name: string): string {
    return this.database === undefined ? quoteIdentifier(name) : quoteNameParts([this.database, name]);
  }
}

const globalViewsByKey = new Map<string, TempViews<unknown>>();

/**
 * The process-wide global temp views. Spark shares them among the sessions of one SparkContext; sessions
 * that pass the same `scope` (e.g. the warehouse URL) share them here.
 */
export function sharedGlobalTempViews<TView>(scope = ''): TempViews<TView> {
  let views = globalViewsByKey.get(scope);
  if (views === undefined) {
    views = new TempViews<unknown>(GLOBAL_TEMP_DATABASE);
    globalViewsByKey.set(scope, views);
  }
  return views as TempViews<TView>;
}
