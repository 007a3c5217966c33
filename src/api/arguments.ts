/**
 * Argument checks of the public API (DataFrame, DeltaTable, functions), as PySpark and delta-spark's Python
 * layer make them: TypeScript types say what each method takes, but plain JavaScript callers pass anything
 * (`col('a') > 1` arrives as a boolean), so a value of the wrong kind is refused at the call with PySpark's
 * error class (NOT_STR, NOT_INT, …) naming the argument, rather than coerced. The Column-shaped checks are
 * in dataframe/arguments.ts.
 */
import { LakesqlError } from '../errors/index.js';

/** What a refusal calls the value it got: `number`, `boolean`, `null`, `array`, or an object's class name. */
export function jsTypeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'object') {
    const name = (v as object).constructor?.name;
    return name && name !== 'Object' ? name : 'object';
  }
  return typeof v;
}

/** A plain `{ key: value }` object (not a Column, an array, a Date or a class instance). */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export function requireString(v: unknown, argName: string): string {
  if (typeof v !== 'string')
    throw new LakesqlError('NOT_STR', { arg_name: argName, arg_type: jsTypeName(v) });
  return v;
}

export function requireInt(v: unknown, argName: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    throw new LakesqlError('NOT_INT', { arg_name: argName, arg_type: jsTypeName(v) });
  }
  return v;
}

export function requireBool(v: unknown, argName: string): boolean {
  if (typeof v !== 'boolean')
    throw new LakesqlError('NOT_BOOL', { arg_name: argName, arg_type: jsTypeName(v) });
  return v;
}

/** Refuses keys an options object (TypeScript's stand-in for Python's keyword arguments) does not take. */
export function requireOptions(
  v: unknown,
  argName: string,
  allowed: readonly string[],
  signature: string,
): Record<string, unknown> {
  if (v === undefined) return {};
  if (!isPlainObject(v)) throw new LakesqlError('NOT_DICT', { arg_name: argName, arg_type: jsTypeName(v) });
  const unknown = Object.keys(v).filter((k) => !allowed.includes(k));
  if (unknown.length > 0) {
    throw new LakesqlError('UNSUPPORTED_SIGNATURE', {
      signature: `${signature} with option(s) ${unknown.join(', ')} (it takes ${allowed.join(', ')})`,
    });
  }
  return v;
}
