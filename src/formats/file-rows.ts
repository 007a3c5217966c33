/**
 * What a row-format reader (CSV, JSON, text) hands the engine: the read's schema and its rows as Values
 * (types/value.ts), with one exception: `timestamp` and `timestamp_ntz` values are normalised text
 * (`YYYY-MM-DD HH:MM:SS.ffffff[±hh:mm]`), because only the engine knows the session time zone to cast
 * them in.
 */
import type { StructType } from '../types/data-types.js';
import type { Value } from '../types/value.js';

export interface FileRows {
  readonly schema: StructType;
  readonly rows: readonly (readonly Value[])[];
}

/** One file's text with the name errors should show. */
export interface FileText {
  readonly path: string;
  readonly text: string;
}

/** The raised record of a FAILFAST read: Spark's badRecord text with where it came from. */
export function badRecordText(raw: string, path: string, line: number): string {
  return `${raw} (file ${path}, line ${line})`;
}

/** Hadoop's line reader: `lineSep`, or any of `\n`, `\r\n`, `\r`; a final terminator ends the last line. */
export function fileLines(text: string, lineSep: string | undefined): string[] {
  const lines = lineSep === undefined ? text.split(/\r\n|\r|\n/) : text.split(lineSep);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
