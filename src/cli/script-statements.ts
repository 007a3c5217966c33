/**
 * A script cut into its statements, each with where it starts in the script, so that a statement can run
 * (and print) before a later one fails to parse, and a parse error can point at the script's own line.
 * The cutting is the parser's (`splitStatements`: `;` outside strings, identifiers and comments).
 */
import { splitStatements } from '../sql/index.js';

export interface ScriptStatement {
  readonly text: string;
  /** 0-based offset of the statement's first character in the script. */
  readonly offset: number;
}

export function scriptStatements(script: string): ScriptStatement[] {
  const out: ScriptStatement[] = [];
  let cursor = 0;
  for (const text of splitStatements(script)) {
    // splitStatements returns exact slices of the script, in order.
    const offset = script.indexOf(text, cursor);
    out.push({ text, offset: offset < 0 ? cursor : offset });
    cursor = (offset < 0 ? cursor : offset) + text.length;
  }
  return out;
}
