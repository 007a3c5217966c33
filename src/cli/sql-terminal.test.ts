/** `lakesql sql` with a real terminal on stderr: the progress line shows while a statement runs, then goes. */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LAKESQL_COMMAND, REPO_ROOT } from './testing/cli-process.js';
import { hasTmux, TmuxTerminal } from './testing/tmux-terminal.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'lakesql-sql-tty-'));
const terminals: TmuxTerminal[] = [];
const SPINNER = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] \d+\.\d s {2}line 2: SELECT count\(DISTINCT x \* 7 % 3000017\) AS n FROM range/;

afterAll(() => {
  for (const t of terminals) t.close();
});

describe.skipIf(!hasTmux())('lakesql sql on a terminal', () => {
  it('a long statement shows a progress line naming its line, erased before its result', async () => {
    // A statement that stays busy for seconds (3M distinct values of 30M rows): a plain filtered count is now
    // over before the line's half-second delay.
    const statement =
      'SELECT 1 AS one;\nSELECT count(DISTINCT x * 7 % 3000017) AS n FROM range(30000000) AS r(x)';
    const command = [
      ...LAKESQL_COMMAND,
      'sql',
      '--warehouse',
      path.join(dir, 'w'),
      '--format',
      'csv',
      '-e',
      `"${statement}"`,
    ];
    const t = new TmuxTerminal(command.join(' '), REPO_ROOT, {});
    terminals.push(t);
    await t.waitFor((s) => SPINNER.test(s), 20_000);
    const screen = await t.waitFor(() => t.exited(), 60_000);
    expect(screen).toMatch(/^one\n1\nn\n3000017\n/);
    expect(screen).not.toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/);
  }, 90_000);
});
