/**
 * Processes that each run a SqlSession on one warehouse (sql-child.ts), driven in rounds: a round sends one
 * statement to each process at once and collects their answers, so the statements race for real.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('./sql-child.ts', import.meta.url));

export type ChildAnswer =
  | { readonly ok: true; readonly rows: string[][] }
  | { readonly ok: false; readonly errorClass?: string; readonly untyped?: string };

interface Child {
  readonly process: ChildProcess;
  readonly lines: AsyncIterator<string>;
  readonly reader: Interface;
}

export class SqlChildren {
  private constructor(private readonly children: Child[]) {}

  /** Starts `count` processes on the warehouse and waits until each has its session. */
  static async start(warehouse: string, count: number): Promise<SqlChildren> {
    const children = Array.from({ length: count }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', CHILD, warehouse], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      const reader = createInterface({ input: child.stdout! });
      return { process: child, reader, lines: reader[Symbol.asyncIterator]() };
    });
    const set = new SqlChildren(children);
    await Promise.all(children.map((c) => set.nextLine(c)));
    return set;
  }

  get pids(): number[] {
    return this.children.map((c) => c.process.pid!);
  }

  /**
   * Sends statements[i] to process i (all at once, or statement i after delaysMs[i], to move where the
   * statements overlap) and returns their answers in the same order.
   */
  async round(statements: readonly string[], delaysMs: readonly number[] = []): Promise<ChildAnswer[]> {
    const answers = statements.map(async (sql, i) => {
      const child = this.children[i]!;
      const delay = delaysMs[i] ?? 0;
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      child.process.stdin!.write(`${sql.replace(/\n/g, ' ')}\n`);
      return this.nextLine(child);
    });
    return (await Promise.all(answers)).map((line) => JSON.parse(line) as ChildAnswer);
  }

  /** Sends a statement to process i without waiting for its answer (it is to be killed meanwhile). */
  send(i: number, sql: string): void {
    this.children[i]!.process.stdin!.write(`${sql}\n`);
  }

  /** SIGKILLs process i and waits until it is gone (reaped, so its pid no longer answers). */
  async kill(i: number): Promise<void> {
    const child = this.children[i]!.process;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async close(): Promise<void> {
    await Promise.all(
      this.children.map(async (c) => {
        if (c.process.exitCode !== null || c.process.signalCode !== null) return;
        const exited = new Promise((resolve) => c.process.once('exit', resolve));
        c.process.stdin!.end();
        await exited;
      }),
    );
  }

  private async nextLine(child: Child): Promise<string> {
    const next = await child.lines.next();
    if (next.done) throw new Error(`child ${child.process.pid} ended without answering`);
    return next.value;
  }
}
