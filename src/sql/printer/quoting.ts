/** Identifier and string quoting for printed SQL: always backquote names, escape strings Spark's way. */
export function quoteIdentifier(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``;
}

export function quoteName(parts: readonly string[]): string {
  return parts.map(quoteIdentifier).join('.');
}

/** A single-quoted literal that Spark's unescapeSQLString reads back to `s`. */
export function quoteString(s: string): string {
  let out = "'";
  for (const ch of s) {
    switch (ch) {
      case "'":
        out += "\\'";
        break;
      case '\\':
        out += '\\\\';
        break;
      case '\n':
        out += '\\n';
        break;
      case '\r':
        out += '\\r';
        break;
      case '\t':
        out += '\\t';
        break;
      default:
        out += ch;
    }
  }
  return `${out}'`;
}
