/**
 * A one-line spinner with the elapsed time, for statements that take a while in `lakesql sql` on a
 * terminal: it appears after a short delay (so quick statements print nothing), redraws in place on stderr
 * and is erased before the statement's result prints. Off a terminal it writes nothing, so piped and
 * redirected output stays clean.
 */
import type { ScriptStatement } from './script-statements.js';

export interface ProgressStream {
  readonly isTTY?: boolean;
  readonly columns?: number;
  write(text: string): unknown;
}

export interface ProgressTiming {
  /** How long a statement runs before the line appears. */
  readonly delayMs: number;
  readonly intervalMs: number;
}

const FRAMES = '⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏';
/** Carriage return, then ANSI "erase in line" (CSI 2 K). */
export const ERASE_LINE = '\r\x1b[2K';
const DEFAULT_TIMING: ProgressTiming = { delayMs: 500, intervalMs: 100 };

export function progressLine(
  stream: ProgressStream,
  timing: ProgressTiming = DEFAULT_TIMING,
): ((statement: ScriptStatement, script: string) => () => void) | undefined {
  if (!stream.isTTY) return undefined;
  return (statement, script) => {
    const started = performance.now();
    const line = script.slice(0, statement.offset).split('\n').length;
    const text = statement.text.replace(/\s+/g, ' ');
    let frame = 0;
    let shown = false;
    const draw = () => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const head = `${FRAMES[frame++ % FRAMES.length]} ${seconds} s  line ${line}: `;
      const room = Math.max(0, (stream.columns ?? 80) - head.length - 1);
      stream.write(
        `${ERASE_LINE}${head}${text.length > room ? `${text.slice(0, Math.max(0, room - 1))}…` : text}`,
      );
      shown = true;
    };
    let interval: NodeJS.Timeout | undefined;
    const delay = setTimeout(() => {
      draw();
      interval = setInterval(draw, timing.intervalMs);
    }, timing.delayMs);
    return () => {
      clearTimeout(delay);
      clearInterval(interval);
      if (shown) stream.write(ERASE_LINE);
      shown = false;
    };
  };
}

/** One step of a long table command (`table vacuum`): what it is doing and how far it has got. */
export interface CommandProgress {
  readonly phase: string;
  readonly done: number;
  readonly total: number;
}

/**
 * Progress of a table command: on a terminal a line redrawn in place (`vacuum: deleting 12/40`), erased
 * when the command ends; off a terminal one JSON object a line (`{"phase":"deleting","done":12,"total":40}`),
 * for scripts that follow a long run. Returns the reporter and the function that ends the report.
 */
export function commandProgress(
  stream: ProgressStream,
  label: string,
): { report(progress: CommandProgress): void; end(): void } {
  let shown = false;
  return {
    report(progress) {
      if (!stream.isTTY) {
        stream.write(`${JSON.stringify({ command: label, ...progress })}\n`);
        return;
      }
      const count = progress.total > 0 ? ` ${progress.done}/${progress.total}` : '';
      stream.write(`${ERASE_LINE}${label}: ${progress.phase}${count}`);
      shown = true;
    },
    end() {
      if (shown) stream.write(ERASE_LINE);
      shown = false;
    },
  };
}
