/**
 * The REPL's own commands, typed alone on a line at the main prompt (not inside a statement), after the
 * shells users know: psql's `\?`, `\q` and `\x`, DuckDB's and SQLite's `.help` and `.mode`, and the bare
 * `help`, `exit` and `quit` of spark-sql and most shells. A trailing `;` is allowed.
 */

/** How query results print in the REPL. */
export type Display = 'table' | 'expanded' | 'line';

export type ReplCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'quit' }
  /** `\x` toggles; `\x on` / `\x off` set. */
  | { readonly kind: 'expanded'; readonly on?: boolean }
  | { readonly kind: 'mode'; readonly mode: string | undefined };

export function replCommand(line: string): ReplCommand | undefined {
  const text = line.trim().replace(/;$/, '').trim();
  if (/^(help|\.help|\\\?|\\h)$/i.test(text)) return { kind: 'help' };
  if (/^(exit|quit|\\q|\.exit|\.quit)$/i.test(text)) return { kind: 'quit' };
  const x = /^\\x(?:\s+(on|off))?$/i.exec(text);
  if (x)
    return x[1] === undefined ? { kind: 'expanded' } : { kind: 'expanded', on: x[1].toLowerCase() === 'on' };
  const mode = /^\.mode(?:\s+(\S+))?$/i.exec(text);
  if (mode) return { kind: 'mode', mode: mode[1]?.toLowerCase() };
  return undefined;
}

export const HELP_TEXT = `Statements end with ; and may span lines. Ctrl-C cancels the running statement or the lines typed so far.
  help, .help, \\?      this list
  \\x [on|off]          show rows vertically, one field a line (psql's expanded display)
  .mode line|table     rows as name = value lines (DuckDB's line mode), or as a table
  exit, quit, \\q       leave (Ctrl-D too)
Tab completes keywords, functions, databases, tables (db.t) and columns.`;

/** What the command does to the display, and the line it answers with. */
export function applyDisplayCommand(
  command: Extract<ReplCommand, { kind: 'expanded' | 'mode' }>,
  display: Display,
): { display: Display; message: string } {
  if (command.kind === 'expanded') {
    const on = command.on ?? display !== 'expanded';
    return { display: on ? 'expanded' : 'table', message: `Expanded display is ${on ? 'on' : 'off'}.` };
  }
  switch (command.mode) {
    case 'line':
    case 'table':
      return { display: command.mode, message: `Display mode: ${command.mode}.` };
    case undefined:
      return { display, message: `Display mode: ${display}.` };
    default:
      return { display, message: `Unknown display mode '${command.mode}': line or table.` };
  }
}
