/**
 * How SQLQueryTestSuite turns an input file into statements (apache/spark sql/core/src/test/.../
 * SQLQueryTestSuite.scala, `splitCommentsAndCodes`, `splitWithSemicolon`, `getQueries`):
 *   1. lines whose trimmed text starts with `--` are comments and dropped; `--IMPORT <name>` comment lines
 *      paste the code lines of another input file (named relative to the inputs folder) before this one's;
 *      `--CONFIG_DIM` and `--ONLY_IF` are comments too here (their results do not differ); `--SET k=v, …`
 *      lines of the file itself (not of its imports) are the session settings it runs under (settingsOf);
 *   2. the code lines are joined with `\n` and split at every `;` not preceded by a backslash;
 *   3. when a code line starts with `--QUERY-DELIMITER`, the lines between `--QUERY-DELIMITER-START` and
 *      `--QUERY-DELIMITER-END` make one statement as they are (one trailing `;` stripped), so bracketed
 *      comments holding `;` stay whole; code outside such pairs is split as in 2;
 *   4. each piece is trimmed, empty pieces dropped, and lines starting with `--` removed once more.
 */

export type ReadInput = (name: string) => string;

export function splitStatements(input: string, readInput: ReadInput): string[] {
  const { comments, code } = splitCommentsAndCode(input);
  const imported = comments
    .filter((line) => line.startsWith('--IMPORT '))
    .flatMap((line) => splitCommentsAndCode(readInput(line.slice('--IMPORT '.length))).code);
  const allCode = [...imported, ...code];
  const pieces = allCode.some((line) => line.trim().startsWith('--QUERY-DELIMITER'))
    ? splitWithDelimiters(allCode)
    : splitWithSemicolon(allCode);
  return pieces
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) =>
      s
        .split('\n')
        .filter((line) => !line.startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((s) => s !== '');
}

/**
 * The `--SET key=value[, key=value]` settings the file asks for (SQLQueryTestSuite's `configSets`: comment lines
 * starting with `--SET`, split at commas, each at its first `=`).
 */
export function settingsOf(input: string): [key: string, value: string][] {
  return splitCommentsAndCode(input)
    .comments.filter((line) => line.startsWith('--SET'))
    .flatMap((line) => line.slice('--SET'.length).split(','))
    .filter((kv) => kv.includes('='))
    .map((kv) => {
      const eq = kv.indexOf('=');
      return [kv.slice(0, eq).trim(), kv.slice(eq + 1).trim()];
    });
}

function splitWithSemicolon(lines: readonly string[]): string[] {
  return lines.join('\n').split(/(?<=[^\\]);/);
}

function splitWithDelimiters(lines: readonly string[]): string[] {
  const queries: string[] = [];
  let outside: string[] = [];
  let delimited = '';
  let inside = false;
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed.startsWith('--QUERY-DELIMITER-START')) {
      inside = true;
      queries.push(...splitWithSemicolon(outside));
      outside = [];
    } else if (trimmed.startsWith('--QUERY-DELIMITER-END')) {
      inside = false;
      queries.push(`\n${delimited.endsWith(';') ? delimited.slice(0, -1) : delimited}`);
      delimited = '';
    } else if (inside) {
      delimited += `\n${line}`;
    } else {
      outside.push(line);
    }
  }
  if (outside.length > 0) queries.push(...splitWithSemicolon(outside));
  return queries;
}

function splitCommentsAndCode(input: string): { comments: string[]; code: string[] } {
  const comments: string[] = [];
  const code: string[] = [];
  for (const line of input.split('\n')) {
    const trimmed = line.trim();
    if (trimmed.startsWith('--') && !trimmed.startsWith('--QUERY-DELIMITER')) comments.push(line);
    else code.push(line);
  }
  return { comments, code };
}
