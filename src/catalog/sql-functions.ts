/**
 * SQL user-defined functions of a session: temporary ones (schema `system.session`, gone with the session)
 * and persistent ones by database. The definition is opaque here (the parsed CREATE FUNCTION lives in sql/,
 * which catalog/ does not import). Names are case-insensitive.
 */
import { normalizeName } from './identifiers.js';

export class SqlFunctions<TDef> {
  readonly #temporary = new Map<string, TDef>();
  readonly #persistent = new Map<string, TDef>();
  #generation = 0;

  /** Counts creations and drops: a plan analyzed at one generation saw these functions. */
  get generation(): number {
    return this.#generation;
  }

  temporary(name: string): TDef | undefined {
    return this.#temporary.get(normalizeName(name));
  }

  persistent(database: string, name: string): TDef | undefined {
    return this.#persistent.get(key(database, name));
  }

  setTemporary(name: string, def: TDef): void {
    this.#temporary.set(normalizeName(name), def);
    this.#generation++;
  }

  setPersistent(database: string, name: string, def: TDef): void {
    this.#persistent.set(key(database, name), def);
    this.#generation++;
  }

  /** Whether a function was dropped. */
  dropTemporary(name: string): boolean {
    this.#generation++;
    return this.#temporary.delete(normalizeName(name));
  }

  dropPersistent(database: string, name: string): boolean {
    this.#generation++;
    return this.#persistent.delete(key(database, name));
  }

  /** The temporary functions' names, and the persistent ones' of `database`, sorted. */
  names(database: string): { readonly temporary: string[]; readonly persistent: string[] } {
    const prefix = `${normalizeName(database)}\u0000`;
    return {
      temporary: [...this.#temporary.keys()].sort(),
      persistent: [...this.#persistent.keys()]
        .filter((k) => k.startsWith(prefix))
        .map((k) => k.slice(prefix.length))
        .sort(),
    };
  }
}

function key(database: string, name: string): string {
  return `${normalizeName(database)}\u0000${normalizeName(name)}`;
}
