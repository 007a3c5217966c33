/**
 * Starts crash-writer-child.ts and follows what it prints: the ops it started, finished or saw fail, so that
 * a test can kill it at a chosen moment and then read its account.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('./crash-writer-child.ts', import.meta.url));

export interface WriterProcess {
  readonly child: ChildProcess;
  /** Ops in the order they started; `done` and `failed` (op -> error class) as they ended. */
  readonly started: number[];
  readonly done: Set<number>;
  readonly failed: Map<number, string>;
  /** Lines the child printed for untyped errors (it exits after one). */
  readonly untyped: string[];
  /** Resolves when the child has printed the line `line`. */
  until(line: string): Promise<void>;
  /** Resolves with the exit code (null when killed) once the child has exited. */
  readonly exited: Promise<number | null>;
}

export function startWriter(
  warehouse: string,
  table: string,
  firstOp: number,
  lastOp: number,
  stride = 1,
  opSet: 'crash' | 'concurrent' | 'clone-file' = 'crash',
): WriterProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CHILD, warehouse, table, String(firstOp), String(lastOp), String(stride), opSet],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const started: number[] = [];
  const done = new Set<number>();
  const failed = new Map<number, string>();
  const untyped: string[] = [];
  const seen = new Set<string>();
  const waiters = new Map<string, (() => void)[]>();
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      const [word, k, errorClass] = line.split(' ');
      if (word === 'start') started.push(Number(k));
      else if (word === 'done') done.add(Number(k));
      else if (word === 'failed') failed.set(Number(k), errorClass ?? '');
      else if (word === 'untyped') untyped.push(line);
      seen.add(line);
      for (const resolve of waiters.get(line) ?? []) resolve();
      waiters.delete(line);
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const until = (line: string) =>
    seen.has(line)
      ? Promise.resolve()
      : Promise.race([
          new Promise<void>((resolve) => waiters.set(line, [...(waiters.get(line) ?? []), resolve])),
          exited.then(() => undefined),
        ]);
  return { child, started, done, failed, untyped, until, exited };
}
