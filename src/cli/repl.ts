/**
 * The interactive shell (`lakesql`, `lakesql repl`), after spark-sql's CLI: lines gather until one ends a
 * statement with `;`, then the statements run and print with their timing. Ctrl-C cancels the running
 * statement (DuckDB's interrupt) or discards the lines typed so far; Ctrl-D, `exit`, `quit` or `\q` leaves.
 * It opens with one line naming the warehouse and `help`; the REPL's own commands (`help`, `\x`, `.mode`)
 * are in repl-commands.ts. History is kept across sessions (history-file.ts); Tab completes keywords,
 * functions, databases, tables and columns (completion.ts).
 */
import readline from 'node:readline';
import { complete } from './completion.js';
import { appendHistory, HISTORY_SIZE, historyEntries, historyFilePath, loadHistory } from './history-file.js';
import { progressLine } from './progress-line.js';
import { applyDisplayCommand, type Display, HELP_TEXT, replCommand } from './repl-commands.js';
import { resultText } from './result-text.js';
import { runScript, type ScriptOptions } from './run-script.js';
import { sessionCompletionSource } from './session-completion.js';
import { openSession, type SessionOptions } from './session-options.js';
import { endsStatement } from './statement-end.js';
import { LAKESQL_VERSION } from './version.js';
import { expandedText, lineModeText } from './vertical-text.js';

export const PROMPT = 'lakesql> ';
export const CONTINUATION_PROMPT = '      -> ';
const EXIT_HINT = '(To exit, press Ctrl-D or type exit)';
/** How often a cancel is repeated, for a statement still being planned when Ctrl-C came. */
const INTERRUPT_RETRY_MS = 50;

/** readline keeps these as plain fields; the REPL edits them to drop a discarded line and merge history. */
interface ReadlineState {
  line: string;
  cursor: number;
  history: string[];
}

export async function runRepl(options: SessionOptions): Promise<number> {
  const session = await openSession(options);
  process.stdout.write(
    `lakesql ${LAKESQL_VERSION} on the warehouse ${session.warehouseDir}. Type help for the commands, exit to leave.\n`,
  );
  let display: Display = 'table';
  const showProgress = progressLine(process.stderr);
  /** Erases the progress line of the running statement, so that `^C` starts a clean line. */
  let eraseProgress: (() => void) | undefined;
  const progress: ScriptOptions['progress'] = showProgress
    ? (statement, script) => {
        const stop = showProgress(statement, script);
        eraseProgress = stop;
        return () => {
          stop();
          eraseProgress = undefined;
        };
      }
    : undefined;
  const historyFile = historyFilePath();
  const source = sessionCompletionSource(session.sqlSession);
  let pending: string[] = [];
  const rl = readline.createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: true,
    prompt: PROMPT,
    history: loadHistory(historyFile),
    historySize: HISTORY_SIZE,
    completer: (line: string, done: (err: Error | null, result: [string[], string]) => void) => {
      complete(pending.join('\n'), line, source).then(
        (r) => done(null, r),
        () => done(null, [[], line]),
      );
    },
  });
  const state = rl as unknown as ReadlineState;
  let cancel: (() => void) | undefined;

  const prompt = () => {
    rl.setPrompt(pending.length > 0 ? CONTINUATION_PROMPT : PROMPT);
    rl.prompt();
  };

  rl.on('SIGINT', () => {
    if (cancel) {
      cancel();
      return;
    }
    if (pending.length > 0 || state.line.length > 0) {
      pending = [];
      state.line = '';
      state.cursor = 0;
      process.stdout.write('^C\n');
    } else {
      process.stdout.write(`\n${EXIT_HINT}\n`);
    }
    prompt();
  });

  const runStatements = async (text: string) => {
    let cancelled = false;
    let retry: NodeJS.Timeout | undefined;
    cancel = () => {
      eraseProgress?.();
      if (!cancelled) process.stdout.write('^C\n');
      cancelled = true;
      session.engine.interrupt();
      retry ??= setInterval(() => session.engine.interrupt(), INTERRUPT_RETRY_MS);
    };
    try {
      await runScript(session.sqlSession, text, {
        format: 'table',
        write: (t) => process.stdout.write(t),
        writeError: (t) => process.stderr.write(t),
        timing: true,
        ...(progress ? { progress } : {}),
        render: (result, timeZone) =>
          display === 'expanded'
            ? expandedText(result, { timeZone })
            : display === 'line'
              ? lineModeText(result, { timeZone })
              : resultText(result, 'table', { timeZone }),
        cancelled: () => cancelled,
      });
    } finally {
      clearInterval(retry);
      cancel = undefined;
    }
  };

  const onLine = async (line: string) => {
    const command = pending.length === 0 ? replCommand(line) : undefined;
    if (command?.kind === 'quit') {
      rl.close();
      return;
    }
    if (command !== undefined) {
      if (command.kind === 'help') {
        process.stdout.write(`${HELP_TEXT}\n`);
      } else {
        const applied = applyDisplayCommand(command, display);
        display = applied.display;
        process.stdout.write(`${applied.message}\n`);
      }
      prompt();
      return;
    }
    pending.push(line);
    const text = pending.join('\n');
    if (text.trim() === '') {
      pending = [];
    } else if (endsStatement(text)) {
      const lines = pending;
      pending = [];
      rememberStatement(state, lines, historyFile);
      await runStatements(text);
    }
    prompt();
  };

  let queue = Promise.resolve();
  rl.on('line', (line) => {
    queue = queue.then(() => onLine(line));
  });
  prompt();
  await new Promise<void>((resolve) => rl.once('close', resolve));
  await queue;
  process.stdout.write('\n');
  session.close();
  return 0;
}

/**
 * readline recorded each line of the statement; the history holds the statement instead (one entry, so that
 * Up brings all of it back), in memory and in the history file.
 */
function rememberStatement(state: ReadlineState, lines: readonly string[], historyFile: string): void {
  const entries = historyEntries(lines.join('\n'));
  for (const line of [...lines].reverse()) {
    if (state.history[0] === line) state.history.shift();
  }
  for (const entry of entries) {
    if (state.history[0] !== entry) state.history.unshift(entry);
    appendHistory(historyFile, entry);
  }
}
