import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LAKESQL_COMMAND, REPO_ROOT } from './testing/cli-process.js';
import { hasTmux, TmuxTerminal } from './testing/tmux-terminal.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'lakesql-repl-'));
const history = path.join(dir, 'history');
const terminals: TmuxTerminal[] = [];

function startRepl(): TmuxTerminal {
  const command = [...LAKESQL_COMMAND, '--warehouse', path.join(dir, 'warehouse')].join(' ');
  const t = new TmuxTerminal(command, REPO_ROOT, { LAKESQL_HISTORY: history });
  terminals.push(t);
  return t;
}

const count = (screen: string, re: RegExp) => (screen.match(new RegExp(re, 'g')) ?? []).length;

afterAll(() => {
  for (const t of terminals) t.close();
});

describe.skipIf(!hasTmux())('the REPL in a terminal', () => {
  it('runs multi-line statements with timing, cancels on Ctrl-C, completes, keeps history, exits on Ctrl-D', async () => {
    const t = startRepl();
    await t.waitFor((s) => s.includes('lakesql> '));

    // A statement over two lines: the continuation prompt, then the result and its timing.
    t.type('SELECT 1 AS a,');
    t.press('Enter');
    await t.waitFor((s) => s.includes('      -> '));
    t.type("  'x' AS b;");
    t.press('Enter');
    let screen = await t.waitFor((s) => /1 row in \d+\.\d{3} s/.test(s));
    expect(screen).toContain('+---+---+\n|a  |b  |\n+---+---+\n|1  |x  |\n+---+---+\n1 row in ');

    // Ctrl-C cancels the running statement and the REPL goes on.
    t.type('SELECT count(*) FROM range(10000000000);');
    t.press('Enter');
    await new Promise((r) => setTimeout(r, 400));
    t.press('C-c');
    await t.waitFor((s) => s.includes('Statement cancelled.'), 5_000);
    t.type('SELECT 2 AS z;');
    t.press('Enter');
    await t.waitFor((s) => count(s, /1 row in/) === 2);

    // Ctrl-C at an empty prompt prints a hint; on a half-typed line it drops the line.
    t.press('C-c');
    await t.waitFor((s) => s.includes('(To exit, press Ctrl-D or type exit)'));
    t.type('SELECT oops');
    t.press('C-c');
    await t.waitFor((s) => s.includes('lakesql> SELECT oops^C'));

    // Tab completes a keyword.
    t.type('SEL');
    t.press('Tab');
    await t.waitFor((s) => s.trimEnd().endsWith('lakesql> SELECT'));
    t.type(' 3 AS c;');
    t.press('Enter');
    screen = await t.waitFor((s) => count(s, /1 row in/) === 3);
    expect(screen).toContain('lakesql> SELECT 3 AS c;');

    // ...and table and column names from the catalog; DDL reports OK with its timing.
    t.type('CREATE TABLE sales (order_id INT, amount INT);');
    t.press('Enter');
    await t.waitFor((s) => /OK in \d+\.\d{3} s/.test(s));
    t.type('SELECT * FROM sa');
    t.press('Tab');
    await t.waitFor((s) => s.trimEnd().endsWith('FROM sales'));
    t.type(' WHERE amo');
    t.press('Tab');
    await t.waitFor((s) => s.trimEnd().endsWith('WHERE amount'));
    t.type(' IS NULL;');
    t.press('Enter');
    screen = await t.waitFor((s) => s.includes('0 rows in'));
    expect(screen).toContain('|order_id|amount|\n+--------+------+\n+--------+------+\n0 rows in');

    t.press('C-d');
    await t.waitFor(() => t.exited());
    expect(readFileSync(history, 'utf8')).toBe(
      "SELECT 1 AS a, 'x' AS b;\nSELECT count(*) FROM range(10000000000);\nSELECT 2 AS z;\nSELECT 3 AS c;\n" +
        'CREATE TABLE sales (order_id INT, amount INT);\nSELECT * FROM sales WHERE amount IS NULL;\n',
    );

    // The next session starts with that history: Up brings back the last statement.
    const next = startRepl();
    await next.waitFor((s) => s.includes('lakesql> '));
    next.press('Up');
    await next.waitFor((s) => s.includes('lakesql> SELECT * FROM sales WHERE amount IS NULL;'));
    next.press('C-u', 'C-d');
    await next.waitFor(() => next.exited());
  }, 20_000);
});
