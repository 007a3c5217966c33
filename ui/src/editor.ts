/**
 * The SQL editor: CodeMirror 6 with Spark SQL's quoting, completion from the server (the REPL's completion
 * over the session's catalog), Ctrl/Cmd-Enter to run, and errors marked at their place.
 */
import { autocompletion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { SQLDialect, sql } from '@codemirror/lang-sql';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { keymap } from '@codemirror/view';
import { basicSetup, EditorView } from 'codemirror';
import { SQL_KEYWORDS } from '../../src/cli/sql-keywords.js';
import { api } from './api.js';
import { type Span, statementAt } from './statement-at.js';

/** Spark SQL as the highlighter needs it: backquoted names, backslash escapes in '…' and "…" strings. */
const SparkSQL = SQLDialect.define({
  keywords: SQL_KEYWORDS.join(' ').toLowerCase(),
  identifierQuotes: '`',
  backslashEscapes: true,
  doubleQuotedStrings: true,
});

async function serverCompletion(context: CompletionContext): Promise<CompletionResult | null> {
  const word = context.matchBefore(/[\w.$]*/);
  if (!context.explicit && (word === null || word.from === word.to)) return null;
  const answer = await api<{ from: number; candidates: string[] }>('/api/complete', {
    text: context.state.doc.toString(),
    cursor: context.pos,
  });
  if (context.aborted) return null;
  return {
    from: answer.from,
    options: answer.candidates.map((label) => ({
      label,
      type: label.includes('.') ? 'property' : 'keyword',
    })),
    validFor: /^[\w$]*$/,
  };
}

export interface SqlEditor {
  readonly view: EditorView;
  /** The selection, or else the statement under the cursor, with where it starts in the document. */
  runnableText(): { text: string; offset: number } | undefined;
  markError(from: number, to: number, message: string): void;
  clearError(): void;
  setText(text: string): void;
}

export function createEditor(parent: HTMLElement, initial: string, onRun: () => void): SqlEditor {
  const view = new EditorView({
    parent,
    doc: initial,
    extensions: [
      keymap.of([
        {
          key: 'Mod-Enter',
          preventDefault: true,
          run: () => {
            onRun();
            return true;
          },
        },
      ]),
      basicSetup,
      sql({ dialect: SparkSQL, upperCaseKeywords: true }),
      autocompletion({ override: [serverCompletion] }),
      lintGutter(),
    ],
  });
  return {
    view,
    runnableText() {
      const doc = view.state.doc.toString();
      const selection = view.state.selection.main;
      const span: Span | undefined = selection.empty
        ? statementAt(doc, selection.head)
        : { from: selection.from, to: selection.to };
      return span ? { text: doc.slice(span.from, span.to), offset: span.from } : undefined;
    },
    markError(from, to, message) {
      const length = view.state.doc.length;
      const start = Math.min(from, length);
      // A parse error names the token it stopped at by its first character: mark the whole word, and at
      // least one character, so that an error at the end of a statement still shows.
      const word =
        /^[\w$]+/.exec(view.state.doc.sliceString(start, Math.min(length, start + 200)))?.[0].length ?? 1;
      const end = Math.min(Math.max(to, start + word), length);
      const diagnostic: Diagnostic = { from: start, to: end, severity: 'error', message };
      view.dispatch(setDiagnostics(view.state, [diagnostic]));
      view.dispatch({ selection: { anchor: start }, scrollIntoView: true });
    },
    clearError() {
      view.dispatch(setDiagnostics(view.state, []));
    },
    setText(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
  };
}
