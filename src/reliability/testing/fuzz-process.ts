/**
 * Starts exec-fuzz-child.ts and watches it: its resident memory is sampled from /proc every 50 ms, and a
 * child past its ceiling is killed (the statement then counts as a memory bomb), so that a bomb never takes
 * the machine down with it.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('./exec-fuzz-child.ts', import.meta.url));
const SAMPLE_MS = 50;

export interface FuzzAnswer {
  /** `ran`, an error class, `untyped`, or `killed` (past the RSS ceiling) / `exited` (the process died). */
  readonly outcome: string;
  readonly message?: string;
  readonly ms: number;
  /** The child's highest RSS while the statement ran, in bytes. */
  readonly maxRss: number;
}

export interface FuzzProcess {
  run(sql: string): Promise<FuzzAnswer>;
  close(): Promise<void>;
}

/** The resident set size of a process in bytes (Linux), or 0 when it cannot be read. */
export function residentBytes(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export async function startFuzzProcess(
  warehouse: string,
  memoryLimit: string,
  timeoutSeconds: number,
  rssCeiling: number,
): Promise<FuzzProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CHILD, warehouse, memoryLimit, String(timeoutSeconds)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  let exited = false;
  let killed = false;
  let maxRss = 0;
  const exit = new Promise<void>((resolve) =>
    child.on('close', () => {
      exited = true;
      resolve();
    }),
  );
  const watchdog = setInterval(() => {
    const rss = residentBytes(child.pid ?? 0);
    maxRss = Math.max(maxRss, rss);
    if (rss > rssCeiling && !killed) {
      killed = true;
      child.kill('SIGKILL');
    }
  }, SAMPLE_MS);
  const next = async (): Promise<{ outcome: string; message?: string } | undefined> => {
    const line = await Promise.race([lines.next(), exit.then(() => undefined)]);
    if (line === undefined || line.done) return undefined;
    return JSON.parse(line.value) as { outcome: string; message?: string };
  };
  const ready = await next();
  if (ready?.outcome !== 'ready') {
    clearInterval(watchdog);
    throw new Error(`the fuzz child did not start: ${JSON.stringify(ready)}`);
  }
  return {
    async run(sql) {
      if (exited) throw new Error('the fuzz child is gone');
      maxRss = residentBytes(child.pid ?? 0);
      const started = Date.now();
      child.stdin!.write(`${JSON.stringify(sql)}\n`);
      const answer = await next();
      const ms = Date.now() - started;
      if (answer === undefined) return { outcome: killed ? 'killed' : 'exited', ms, maxRss };
      return { ...answer, ms, maxRss };
    },
    async close() {
      clearInterval(watchdog);
      child.stdin!.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(timer);
    },
  };
}
