/**
 * How SQLQueryTestSuite turns an input file into statements (apache/spark sql/core/src/test/.../
 * SQLQueryTestSuite.scala, `splitCommentsAndCodes`, `splitWithSemicolon`, `getQueries`):
 *   1. lines whose trimmed text starts with `--` are comments and dropped; `--IMPORT <name>` comment lines
 *      paste the code lines of another input file (named relative to the inputs folder) before this one's;
 *      `--CONFIG_DIM`, `--SET` and `--ONLY_IF` are comments too here (their results do not differ);
 *   2. the code lines are joined with `\n` and split at every `;` not preceded by a backslash;
 *   3. each piece is trimmed, empty pieces dropped, and lines starting with `--` removed once more.
 */

export type ReadInput = (name: string) => string;

export function splitStatements(input: string, readInput: ReadInput): string[] {
  const { comments, code } = splitCommentsAndCode(input);
  const imported = comments
    .filter((line) => line.startsWith('--IMPORT '))
    .flatMap((line) => splitCommentsAndCode(readInput(line.slice('--IMPORT '.length))).code);
  return [...imported, ...code]
    .join('\n')
    .split(/(?<=[^\\]);/)
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
