/**
 * Test helper: runs the real `lakesql` command (src/cli/main.ts through tsx) as a child process, so the
 * tests see exactly what a user sees: stdout, stderr and the exit code.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * The command line that starts lakesql, for a shell or a terminal multiplexer. Absolute paths, so that it runs
 * from any working folder (tests of lakesql's defaults run it in a temp folder of their own).
 */
export const LAKESQL_COMMAND: readonly string[] = [
  process.execPath,
  '--import',
  path.join(REPO_ROOT, 'node_modules/tsx/dist/loader.mjs'),
  path.join(REPO_ROOT, 'src/cli/main.ts'),
];

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs lakesql with `args`, in `cwd` (the repository by default). */
export function runLakesql(
  args: readonly string[],
  stdin = '',
  env: NodeJS.ProcessEnv = {},
  cwd = REPO_ROOT,
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const [command, ...prefix] = LAKESQL_COMMAND;
    const child = spawn(command!, [...prefix, ...args], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}
