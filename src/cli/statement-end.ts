/**
 * Whether the REPL's input so far ends a statement: its last significant character is a `;` outside
 * string literals, backquoted identifiers and comments (Spark's SqlBaseLexer rules: `'…'` and `"…"` with
 * backslash escapes, raw `r'…'` without, `` `…` `` with doubled backquotes, `--` to end of line, nested
 * `/* … *\/`). spark-sql's CLI reads lines the same way, sending the buffer once a line ends in `;`.
 */
export function endsStatement(buffer: string): boolean {
  let lastSignificant = '';
  let i = 0;
  const n = buffer.length;
  while (i < n) {
    const c = buffer[i]!;
    if (c === '-' && buffer[i + 1] === '-') {
      const eol = buffer.indexOf('\n', i);
      if (eol < 0) return lastSignificant === ';';
      i = eol + 1;
    } else if (c === '/' && buffer[i + 1] === '*') {
      const end = bracketedCommentEnd(buffer, i);
      if (end < 0) return false;
      i = end;
    } else if (c === "'" || c === '"' || c === '`') {
      const raw = c !== '`' && /[rR]/.test(buffer[i - 1] ?? '') && !/\w/.test(buffer[i - 2] ?? '');
      const end = quotedEnd(buffer, i, raw);
      if (end < 0) return false;
      lastSignificant = c;
      i = end;
    } else {
      if (!/\s/.test(c)) lastSignificant = c;
      i++;
    }
  }
  return lastSignificant === ';';
}

/** The offset just past the comment opened at `start`, or -1 when it is still open. */
function bracketedCommentEnd(text: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < text.length) {
    if (text.startsWith('/*', i)) {
      depth++;
      i += 2;
    } else if (text.startsWith('*/', i)) {
      depth--;
      i += 2;
      if (depth === 0) return i;
    } else {
      i++;
    }
  }
  return -1;
}

/** The offset just past the literal or identifier opened at `start`, or -1 when it is still open. */
function quotedEnd(text: string, start: number, raw: boolean): number {
  const q = text[start]!;
  let i = start + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\' && q !== '`' && !raw) {
      i += 2;
    } else if (c === q) {
      if (q === '`' && text[i + 1] === '`') i += 2;
      else return i + 1;
    } else {
      i++;
    }
  }
  return -1;
}
