/**
 * The workspace end to end in headless chromium: a query read back from the grid, an error with its caret
 * in the editor, completion, the catalog tree, a table's history and a version of it, a chart, cancel,
 * the token check, nested values unfolded and a Parquet download, a table's maintenance (check, OPTIMIZE,
 * VACUUM after its preview and a confirmation), and the streams page showing an ingest run. Skipped where /usr/bin/chromium is missing. LAKESQL_UPDATE_SCREENSHOT=1 saves the
 * chart screenshot as docs/ui.png, the README's picture.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestCommand } from '../../cli/ingest/ingest-command.js';
import { WEB_ROOT } from './static-files.js';
import { HAVE_CHROMIUM, type HeadlessBrowser, launchChromium } from './testing/browser.js';
import { TEST_TOKEN, useUiServer } from './testing/ui-server-fixture.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

if (!HAVE_CHROMIUM) {
  console.warn(
    'Skipping the workspace browser tests: /usr/bin/chromium is missing (apt-get install chromium).',
  );
}

describe.skipIf(!HAVE_CHROMIUM)('lakesql ui in a browser', () => {
  const fx = useUiServer('lakesql-ui-e2e-');
  let chromium: HeadlessBrowser;
  let page: Page;

  beforeAll(async () => {
    // The page is Vite's build (npm run build); build it here when a checkout has not yet.
    if (!existsSync(path.join(WEB_ROOT, 'index.html'))) {
      const { build } = await import('vite');
      await build({ configFile: path.join(REPO, 'ui/vite.config.ts') });
    }
    await fx.api('/api/run', {
      sql: `CREATE TABLE ui_sales (region STRING, amount BIGINT) USING delta;
INSERT INTO ui_sales VALUES ('north', 120), ('south', 80), ('east', 45), ('west', 150);
INSERT INTO ui_sales VALUES ('central', NULL)`,
    });
    // An ingest run on the same warehouse, for the streams page.
    const incoming = path.join(fx.sql.dir, 'incoming');
    await mkdir(incoming, { recursive: true });
    await writeFile(path.join(incoming, 'a.json'), '{"id":1}\n{"id":2}\n');
    await ingestCommand(
      {
        from: incoming,
        format: 'json',
        into: 'ui_ingested',
        options: {},
        mergeOn: [],
        trigger: { availableNow: true },
      },
      { warehouse: fx.sql.session.warehouse },
      { progress: { isTTY: false, write: () => true } },
    );
    chromium = await launchChromium();
    page = await chromium.context.newPage();
    await page.goto(`${fx.base}/?token=${TEST_TOKEN}`);
    await page.locator('.cm-content').waitFor();
  });

  afterAll(async () => {
    await chromium?.close();
  });

  async function type(sql: string): Promise<void> {
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(sql);
  }

  async function runAndWait(state: 'done' | 'failed' | 'cancelled'): Promise<void> {
    await page.keyboard.press('Control+Enter');
    await page.locator(`.run-status[data-state="${state}"]`).waitFor();
  }

  async function gridRows(): Promise<string[][]> {
    return page
      .locator('.result-view .grid-rows .grid-row')
      .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent ?? '')));
  }

  it('runs the statement at the cursor: its rows, NULL as NULL, count and time, sorting, CSV download', async () => {
    await type('SELECT 1 AS one;\nSELECT region, amount FROM ui_sales ORDER BY amount DESC NULLS LAST');
    await runAndWait('done');
    expect(await gridRows()).toEqual([
      ['west', '150'],
      ['north', '120'],
      ['south', '80'],
      ['east', '45'],
      ['central', 'NULL'],
    ]);
    expect(await page.locator('.row-count').textContent()).toMatch(/^5 rows in \d+\.\d{3} s$/);
    await page.locator('.grid-header-cell').first().click();
    expect((await gridRows()).map((r) => r[0])).toEqual(['central', 'east', 'north', 'south', 'west']);
    // The download is the result as it came (only the statement at the cursor ran), NULL an empty field.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.locator('.download-csv').click()]);
    expect(csv.suggestedFilename()).toBe('result-1.csv');
    expect(await readFile(await csv.path(), 'utf8')).toBe(
      'region,amount\nwest,150\nnorth,120\nsouth,80\neast,45\ncentral,\n',
    );
  });

  it('shows an error with its class and marks its place in the editor', async () => {
    await type('SELECT region\nFRM ui_sales');
    await runAndWait('failed');
    expect(await page.locator('.error-class').textContent()).toMatch(
      /^PARSE_SYNTAX_ERROR \(SQLSTATE 42601\) at line 2/,
    );
    // `FRM` reads as an alias of region; the parser stops at the next word.
    expect(await page.locator('.cm-lintRange-error').first().textContent()).toBe('ui_sales');
  });

  it('completes table names from the catalog', async () => {
    await type('SELECT * FROM ui_sa');
    await page.keyboard.press('Control+Space');
    await page.locator('.cm-tooltip-autocomplete li', { hasText: 'ui_sales' }).waitFor();
    await page.waitForTimeout(150); // CodeMirror ignores an Enter in the first 75 ms of the list.
    await page.keyboard.press('Enter');
    expect(await page.locator('.cm-content').textContent()).toBe('SELECT * FROM ui_sales');
  });

  it('lists the table in the catalog tree; its page shows the history, a version, a diff, and restores', async () => {
    await page.locator('.tree-table a[data-table="ui_sales"]').click();
    await page.locator('.timeline-entry').first().waitFor();
    const heads = await page.locator('.timeline-head').allTextContents();
    expect(heads.map((h) => h.split(' · ').slice(0, 2).join(' · '))).toEqual([
      'v2 · WRITE',
      'v1 · WRITE',
      'v0 · CREATE TABLE',
    ]);
    expect(await page.locator('table.schema td').allTextContents()).toEqual(
      expect.arrayContaining(['region', 'string', 'amount', 'bigint']),
    );
    await page.locator('.timeline-show').nth(1).click();
    await page.locator('.version-view .grid-row').first().waitFor();
    expect(await page.locator('.version-view .grid-rows .grid-row').count()).toBe(4);
    // Version 2 against version 1: the one row the second INSERT added.
    await page.locator('.compare-button').click();
    await page.locator('.version-view h3', { hasText: 'Version 2 against version 1' }).waitFor();
    const diff = await page
      .locator('.version-view .grid-rows .grid-row')
      .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent ?? '')));
    expect(diff).toEqual([['added', 'central', 'NULL']]);
    // RESTORE asks first, then the page shows the new version.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.locator('.timeline-restore').nth(1).click();
    await page.locator('.timeline-head', { hasText: 'v3 · RESTORE' }).waitFor();
    await page.locator('.tab-query').click();
  });

  it('compares two versions through the change data feed when the table has it', async () => {
    // Run from the editor (all of it selected), so that the catalog tree lists the new table.
    await type(`CREATE TABLE ui_cdf (id INT, name STRING) USING delta TBLPROPERTIES (delta.enableChangeDataFeed = true);
INSERT INTO ui_cdf VALUES (1, 'a'), (2, 'b');
UPDATE ui_cdf SET name = 'B' WHERE id = 2`);
    await page.keyboard.press('Control+A');
    await runAndWait('done');
    await page.locator('.tree-table a[data-table="ui_cdf"]').click();
    await page.locator('.compare-button').click();
    await page
      .locator('.version-view h3', { hasText: 'Version 2 against version 1 (change data feed)' })
      .waitFor();
    const changes = await page
      .locator('.version-view .grid-rows .grid-row')
      .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent ?? '')));
    expect(changes).toEqual([
      ['update_postimage', '2', '2', 'B'],
      ['update_preimage', '2', '2', 'b'],
    ]);
    await page.locator('.tab-query').click();
  });

  it('draws a chart of a result', async () => {
    await type('SELECT region, amount FROM ui_sales WHERE amount IS NOT NULL ORDER BY region');
    await runAndWait('done');
    await page.locator('.mode-chart').click();
    const canvas = page.locator('.chart-canvas canvas');
    await canvas.waitFor();
    await page.waitForTimeout(400); // ECharts animates its first drawing.
    // Loosely: the chart is drawn, and a good share of its pixels are the bars' colour rather than blank.
    // The test's own TypeScript knows no DOM, so the page-side function goes as text.
    const coloured = await page.evaluate(`(() => {
      const c = document.querySelector('.chart-canvas canvas');
      const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && data[i + 2] > data[i] + 40) n++;
      return n / (c.width * c.height);
    })()`);
    expect(coloured).toBeGreaterThan(0.02);
    const shot = path.join(tmpdir(), `lakesql-ui-${process.pid}.png`);
    await page.screenshot({ path: shot });
    if (process.env.LAKESQL_UPDATE_SCREENSHOT === '1') await copyFile(shot, path.join(REPO, 'docs/ui.png'));
    await page.locator('.mode-table').click();
  });

  it('cancels a long statement', async () => {
    await type('SELECT sum(id % 7) FROM range(100000000000)');
    await page.keyboard.press('Control+Enter');
    await page.locator('.run-status[data-state="running"]').waitFor();
    await page.waitForTimeout(300);
    await page.locator('.cancel-button').click();
    await page.locator('.run-status[data-state="cancelled"]').waitFor();
    await type('SELECT 6 * 7 AS answer');
    await runAndWait('done');
    expect(await gridRows()).toEqual([['42']]);
  });

  it('unfolds a nested value under the grid, and downloads the result as Parquet', async () => {
    await type(
      "SELECT region, array(amount, amount * 2) AS pair, named_struct('r', region, 'm', map('k', amount)) AS info FROM ui_sales WHERE region = 'north'",
    );
    await runAndWait('done');
    expect(await gridRows()).toEqual([['north', '[120,240]', '{"r":"north","m":{"k":120}}']]);
    await page.locator('.grid-cell.nested').nth(1).click();
    const tree = page.locator('.cell-tree');
    await tree.waitFor();
    expect(await tree.locator('summary').first().textContent()).toBe('info (row 1): struct');
    await tree.locator('summary', { hasText: 'm: map (1)' }).click();
    expect(await tree.locator('.tree-leaf').allTextContents()).toEqual(['r: north', 'k: 120']);
    const [parquet] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('.download-parquet').click(),
    ]);
    expect(parquet.suggestedFilename()).toBe('result-1.parquet');
    const bytes = await readFile(await parquet.path());
    expect(bytes.subarray(0, 4).toString()).toBe('PAR1');
    const back = await fx.api<{ statements: { rows: unknown[][] }[] }>('/api/run', {
      sql: `SELECT * FROM parquet.\`${await parquet.path()}\``,
    });
    expect(back.statements[0]?.rows).toEqual([['north', '[120,240]', '{"r":"north","m":{"k":120}}']]);
  });

  it('maintains a table from its page: check, OPTIMIZE, and VACUUM only after its preview and a yes', async () => {
    await page.locator('.tree-table a[data-table="ui_sales"]').click();
    await page.locator('.maintain-check').waitFor();
    const done = page.locator('.maintenance-progress[data-state="done"]');
    await page.locator('.maintain-check').click();
    await done.waitFor();
    expect(await page.locator('.maintenance-metrics td').allTextContents()).toEqual(
      expect.arrayContaining(['problems', '0']),
    );
    await page.locator('.maintain-optimize').click();
    await page.locator('.maintenance-progress', { hasText: 'Done: OPTIMIZE' }).waitFor();
    expect(await page.locator('.maintenance-metrics td').allTextContents()).toEqual(
      expect.arrayContaining(['numFilesRemoved']),
    );
    expect(await page.locator('.maintain-vacuum').isDisabled()).toBe(true);
    await fx.api('/api/run', { sql: 'SET spark.databricks.delta.retentionDurationCheck.enabled = false' });
    await page.locator('.vacuum-retain').fill('0');
    await page.locator('.maintain-preview').click();
    await page.locator('.maintenance-progress', { hasText: 'DRY RUN' }).waitFor();
    const listed = await page.locator('.vacuum-files li').count();
    expect(listed).toBeGreaterThan(0);
    // Declining the confirmation deletes nothing; accepting runs the VACUUM.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.locator('.maintain-vacuum').click();
    expect(await page.locator('.vacuum-files li').count()).toBe(listed);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.locator('.maintain-vacuum').click();
    await page.locator('.maintenance-progress', { hasText: /Done: VACUUM .* RETAIN 0 HOURS$/ }).waitFor();
    const metrics = await page.locator('.maintenance-metrics td').allTextContents();
    expect(metrics.slice(0, 2)).toEqual(['numDeletedFiles', String(listed)]);
    await page.locator('.tab-query').click();
  });

  it('shows the streams and jobs on the warehouse, with a chart of their batches', async () => {
    await page.locator('.tab-streams').click();
    const card = page.locator('.stream-card[data-state="terminated"]');
    await card.waitFor();
    expect(await card.locator('.stream-head').textContent()).toMatch(/ · terminated · this process$/);
    expect(await card.locator('.fact-batches').textContent()).toBe('1');
    expect(await card.locator('.fact-processing-rate').textContent()).toMatch(/ rows\/s$/);
    await card.locator('.stream-chart canvas').waitFor();
    await page.locator('.tab-query').click();
  });

  it('refuses the API without the token', async () => {
    const answer = await page.evaluate(async (base) => {
      const withCookie = await fetch(`${base}/api/catalog`);
      const without = await fetch(`${base}/api/catalog`, { credentials: 'omit' });
      return [withCookie.status, without.status];
    }, fx.base);
    expect(answer).toEqual([200, 401]);
    // The cookie belongs to 127.0.0.1: the same server under the name localhost gets no token.
    const fresh = await chromium.context.newPage();
    const response = await fresh.goto(`http://localhost:${fx.server.port}/api/catalog`);
    expect(response?.status()).toBe(401);
    await fresh.close();
  });
});
