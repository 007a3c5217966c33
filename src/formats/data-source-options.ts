/**
 * A data source's options as Spark holds them: a case-insensitive map of strings (Spark's
 * CaseInsensitiveMap in DataSourceOptions), read with typed getters whose parsing follows CSVOptions /
 * JSONOptions (`getBool` accepts only `true`/`false`, any case, as Spark's `getBool` does).
 */
import { LakesqlError } from '../errors/index.js';

export class DataSourceOptions {
  private readonly map: ReadonlyMap<string, string>;

  constructor(entries: Iterable<readonly [string, string]> = []) {
    const map = new Map<string, string>();
    for (const [k, v] of entries) map.set(k.toLowerCase(), v);
    this.map = map;
  }

  static from(record: Readonly<Record<string, unknown>>): DataSourceOptions {
    return new DataSourceOptions(Object.entries(record).map(([k, v]) => [k, optionText(v)] as const));
  }

  get(name: string): string | undefined {
    return this.map.get(name.toLowerCase());
  }

  has(name: string): boolean {
    return this.map.has(name.toLowerCase());
  }

  string(name: string, fallback: string): string {
    return this.get(name) ?? fallback;
  }

  bool(name: string, fallback: boolean): boolean {
    const v = this.get(name);
    if (v === undefined) return fallback;
    const lower = v.trim().toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
    throw new LakesqlError('INVALID_OPTION_VALUE', {
      value: v,
      option: name,
      reason: 'it must be true or false',
    });
  }

  number(name: string, fallback: number): number {
    const v = this.get(name);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isFinite(n)) {
      throw new LakesqlError('INVALID_OPTION_VALUE', {
        value: v,
        option: name,
        reason: 'it must be a number',
      });
    }
    return n;
  }

  /** A single character option (`sep`, `quote`, `escape`, `comment`); Spark takes `\t`, `\u0001` escapes too. */
  char(name: string, fallback: string): string {
    const v = this.get(name);
    if (v === undefined) return fallback;
    return unescapeCharOption(v, name);
  }

  entries(): [string, string][] {
    return [...this.map.entries()];
  }

  with(name: string, value: string): DataSourceOptions {
    return new DataSourceOptions([...this.map.entries(), [name, value]]);
  }
}

/** Spark stores every option as text: booleans and numbers passed from code become their string form. */
export function optionText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean' || typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (v === null || v === undefined) return 'null';
  return JSON.stringify(v);
}

/** CSVExprUtils.toChar: `\t`, `\"`, `\'`, `\\`, `\u0000`-style escapes and the empty string (NUL). */
function unescapeCharOption(v: string, name: string): string {
  if (v === '') return '\u0000';
  if (v.length === 1) return v;
  const simple: Record<string, string> = { '\\t': '\t', '\\r': '\r', '\\b': '\b', '\\f': '\f', '\\"': '"' };
  simple["\\'"] = "'";
  simple['\\\\'] = '\\';
  const found = simple[v];
  if (found !== undefined) return found;
  const unicode = /^\\u([0-9a-fA-F]{4})$/.exec(v);
  if (unicode) return String.fromCharCode(Number.parseInt(unicode[1]!, 16));
  // Spark 3 allows a multi-character `sep`; other options must be one character.
  if (name.toLowerCase() === 'sep' || name.toLowerCase() === 'delimiter') return v;
  throw new LakesqlError('INVALID_OPTION_VALUE', {
    value: v,
    option: name,
    reason: 'it must be a single character',
  });
}
