/**
 * Completion for the editor, from the REPL's own completion (cli/completion.ts) over the session's
 * catalog: the page sends its text and cursor, and gets back the candidates and where the word they
 * replace starts.
 */
import { type CompletionSource, complete } from '../../cli/completion.js';

export interface CompletionAnswer {
  /** Offset in the text where the word being completed starts. */
  readonly from: number;
  readonly candidates: readonly string[];
}

export async function completeAt(text: string, cursor: number, source: CompletionSource) {
  const before = text.slice(0, Math.max(0, Math.min(cursor, text.length)));
  // The statement being typed starts after the last `;` (a `;` inside a string only widens the context).
  const statement = before.slice(before.lastIndexOf(';') + 1);
  const lineStart = statement.lastIndexOf('\n') + 1;
  const [candidates, word] = await complete(
    statement.slice(0, lineStart),
    statement.slice(lineStart),
    source,
  );
  return { from: before.length - word.length, candidates } satisfies CompletionAnswer;
}
