import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LAKESQL_COMMAND, REPO_ROOT } from './testing/cli-process.js';
import { hasTmux, TmuxTerminal } from './testing/tmux-terminal.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'lakesql-repl-'));
const history = path.join(dir, 'history');
const terminals: TmuxTerminal[] = [];

function startRepl(historyFile = history): TmuxTerminal {
  const command = [...LAKESQL_COMMAND, '--warehouse', path.join(dir, 'warehouse')].join(' ');
  const t = new TmuxTerminal(command, REPO_ROOT, { LAKESQL_HISTORY: historyFile });
  terminals.push(t);
  return t;
}

const count = (screen: string, re: RegExp) => (screen.match(new RegExp(re, 'g')) ?? []).length;

afterAll(() => {
  for (const t of terminals) t.close();
});

describe.skipIf(!hasTmux())('the REPL in a terminal', () => {
  it('opens naming the warehouse and help; help, .help, \\? list commands; \\x and .mode line show rows vertically; completion follows USE and db.; \\q leaves', async () => {
    const t = startRepl(path.join(dir, 'history-commands'));
    let screen = await t.waitFor((s) => s.includes('lakesql> '));
    expect(screen.split('\n')[0]).toBe(
      `lakesql 0.1.0 on the warehouse ${path.join(dir, 'warehouse')}. Type help for the commands, exit to leave.`,
    );
    for (const help of ['help', '.help', '\\?']) {
      t.type(help);
      t.press('Enter');
      screen = await t.waitFor(
        (s) => s.trimEnd().endsWith(`lakesql> ${help}`) === false && s.trimEnd().endsWith('lakesql>'),
      );
      expect(screen).toContain(`lakesql> ${help}\nStatements end with ; and may span lines.`);
      expect(screen).toContain('  \\x [on|off]          show rows vertically');
      expect(screen).toContain('  exit, quit, \\q       leave (Ctrl-D too)');
    }
    t.press('C-l');

    t.type('\\x');
    t.press('Enter');
    await t.waitFor((s) => s.includes('Expanded display is on.'));
    t.type("SELECT 1 AS id, 'a long name' AS name UNION ALL SELECT 22, 'b';");
    t.press('Enter');
    screen = await t.waitFor((s) => s.includes('2 rows in'));
    expect(screen).toContain(
      '-[ RECORD 1 ]-----\nid   | 1\nname | a long name\n-[ RECORD 2 ]-----\nid   | 22\nname | b\n2 rows in',
    );
    t.type('.mode line');
    t.press('Enter');
    await t.waitFor((s) => s.includes('Display mode: line.'));
    t.type("SELECT 7 AS id, 'x' AS longer;");
    t.press('Enter');
    screen = await t.waitFor((s) => s.includes('1 row in'));
    expect(screen).toContain('    id = 7\nlonger = x\n1 row in');
    t.type('\\x off');
    t.press('Enter');
    await t.waitFor((s) => s.includes('Expanded display is off.'));

    // Completion knows functions, databases, `db.` tables, and follows USE.
    t.type('CREATE DATABASE shop; CREATE TABLE shop.invoices (invoice_id INT, total INT);');
    t.press('Enter');
    await t.waitFor((s) => (s.match(/OK in/g) ?? []).length === 2);
    t.press('C-l');
    t.type('SELECT coale');
    t.press('Tab');
    await t.waitFor((s) => s.trimEnd().endsWith('lakesql> SELECT coalesce'));
    t.type('(1) FROM shop.inv');
    t.press('Tab');
    await t.waitFor((s) => s.trimEnd().endsWith('FROM shop.invoices'));
    t.press('C-u');
    t.type('USE shop;');
    t.press('Enter');
    await t.waitFor((s) => (s.match(/OK in/g) ?? []).length === 3);
    t.type('SELECT * FROM invo');
    t.press('Tab');
    await t.waitFor((s) => s.trimEnd().endsWith('FROM invoices'));
    t.type(' WHERE tot');
    t.press('Tab');
    await t.waitFor((s) => s.trimEnd().endsWith('WHERE total'));
    t.press('C-u');

    t.type('\\q');
    t.press('Enter');
    await t.waitFor(() => t.exited());
  }, 90_000);

  it('a long statement shows a progress line with its elapsed time, erased when the result prints', async () => {
    const t = startRepl(path.join(dir, 'history-progress'));
    await t.waitFor((s) => s.includes('lakesql> '));
    t.type('SELECT count(*) AS n FROM range(20000000000) AS r(x) WHERE x % 7 = 1;');
    t.press('Enter');
    await t.waitFor(
      (s) => /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] \d+\.\d s {2}line 1: SELECT count\(\*\) AS n FROM range/.test(s),
      15_000,
    );
    t.press('C-c');
    const screen = await t.waitFor((s) => s.includes('Statement cancelled.'), 10_000);
    expect(screen).not.toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] \d/);
    t.press('C-d');
    await t.waitFor(() => t.exited());
  }, 90_000);

  for (const leave of ['quit', 'exit;']) {
    it(`${leave} leaves`, async () => {
      const t = startRepl(path.join(dir, `history-${leave}`));
      await t.waitFor((s) => s.includes('lakesql> '));
      t.type(leave);
      t.press('Enter');
      await t.waitFor(() => t.exited());
    });
  }

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
    await t.waitFor((s) => s.includes('Statement cancelled.'), 20_000);
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
  }, 90_000);
});
