/**
 * A table's page: its schema (types, nullability, comments, generated/default/identity columns), DESCRIBE
 * DETAIL, the history as a timeline (choosing a version shows the table as of it, through VERSION AS OF;
 * two versions compare as the rows one has and the other lacks; RESTORE after a confirmation), a sample of
 * rows, SHOW CREATE TABLE, and maintenance (maintenance-panel.ts).
 */
import {
  api,
  type Cell,
  type Column,
  type ErrorPayload,
  type RunClient,
  type Section,
  type TablePage,
  type TreesPayload,
  type VersionDiff,
} from './api.js';
import { maintenancePanel } from './maintenance-panel.js';
import { el, ResultsGrid } from './results-grid.js';

/** A table as the API names it. */
interface Target {
  db?: string;
  name: string;
}

export async function renderTablePage(
  parent: HTMLElement,
  client: RunClient,
  database: string | undefined,
  name: string,
) {
  parent.replaceChildren(Object.assign(el('div', 'loading'), { textContent: `Loading ${name}…` }));
  const query = new URLSearchParams({ name, ...(database !== undefined ? { db: database } : {}) });
  const page = await api<TablePage>(`/api/table?${query}`);
  const root = el('div', 'table-page');
  const title = el('h2');
  title.textContent = page.name;
  root.append(title);
  root.append(heading('Schema'), schemaTable(page));
  root.append(heading('Details'), sectionView(page.detail, detailList));
  const versionView = el('div', 'version-view');
  const table = quoted(database, name);
  const reload = () => void renderTablePage(parent, client, database, name);
  const target: Target = { name, ...(database !== undefined ? { db: database } : {}) };
  // A view has no DESCRIBE DETAIL, and nothing to maintain.
  if (!page.detail.error) {
    root.append(heading('Maintenance'), maintenancePanel(client, target));
  }
  root.append(
    heading('History'),
    sectionView(page.history, (columns, rows) => compareBar(columns, rows, target, versionView)),
    versionView,
    sectionView(page.history, (columns, rows) => timeline(columns, rows, table, versionView, reload)),
  );
  root.append(
    heading('Sample rows'),
    sectionView(page.sample, (columns, rows) => gridView(columns, rows, page.sample.trees)),
  );
  root.append(
    heading('Create statement'),
    sectionView(page.createStatement, (_, rows) =>
      Object.assign(el('pre', 'create-statement'), { textContent: rows[0]?.[0] ?? '' }),
    ),
  );
  parent.replaceChildren(root);
}

function heading(text: string): HTMLElement {
  return Object.assign(el('h3'), { textContent: text });
}

function schemaTable(page: TablePage): HTMLElement {
  if ('error' in page.columns) return errorView(page.columns.error);
  const table = el('table', 'schema');
  table.append(tr('th', ['Column', 'Type', 'Nullable', 'Comment', 'Generation']));
  for (const c of page.columns) {
    table.append(
      tr('td', [c.name, c.type, c.nullable ? 'yes' : 'NOT NULL', c.comment ?? '', c.generation ?? '']),
    );
  }
  return table;
}

function sectionView(
  section: Section,
  render: (columns: Column[], rows: Cell[][]) => HTMLElement,
): HTMLElement {
  if (section.error) return errorView(section.error);
  return render(section.columns ?? [], section.rows ?? []);
}

function errorView(error: ErrorPayload): HTMLElement {
  return Object.assign(el('div', 'section-error'), { textContent: error.message });
}

/** DESCRIBE DETAIL's one row, as name: value lines. */
function detailList(columns: Column[], rows: Cell[][]): HTMLElement {
  const table = el('table', 'detail');
  for (const [i, c] of columns.entries()) table.append(tr('td', [c.name, rows[0]?.[i] ?? 'NULL']));
  return table;
}

function gridView(columns: Column[], rows: Cell[][], trees?: TreesPayload): HTMLElement {
  const box = el('div', 'grid-box');
  const byColumn = new Map(Object.entries(trees ?? {}).map(([i, texts]) => [Number(i), texts]));
  box.append(new ResultsGrid(columns, rows, byColumn).element);
  return box;
}

/** DESCRIBE HISTORY's rows, newest first, each commit with its operation, parameters and metrics. */
function timeline(
  columns: Column[],
  rows: Cell[][],
  table: string,
  versionView: HTMLElement,
  reload: () => void,
): HTMLElement {
  const at = (name: string) => columns.findIndex((c) => c.name === name);
  const [version, timestamp, operation, parameters, metrics] = [
    'version',
    'timestamp',
    'operation',
    'operationParameters',
    'operationMetrics',
  ].map(at);
  const list = el('ol', 'timeline');
  for (const row of rows) {
    const item = el('li', 'timeline-entry');
    const head = el('div', 'timeline-head');
    head.textContent = `v${row[version!]} · ${row[operation!]} · ${row[timestamp!]}`;
    const params = el('div', 'timeline-params');
    params.textContent = `parameters ${row[parameters!] ?? '{}'}`;
    const metric = el('div', 'timeline-metrics');
    metric.textContent = `metrics ${row[metrics!] ?? '{}'}`;
    const show = el('button', 'timeline-show') as HTMLButtonElement;
    show.type = 'button';
    show.textContent = 'Show this version';
    show.addEventListener('click', () => void showVersion(table, row[version!] ?? '0', versionView));
    const restore = el('button', 'timeline-restore') as HTMLButtonElement;
    restore.type = 'button';
    restore.textContent = 'Restore to this version';
    restore.disabled = row === rows[0];
    restore.addEventListener(
      'click',
      () => void restoreVersion(table, row[version!] ?? '0', versionView, reload),
    );
    item.append(head, params, metric, show, restore);
    list.append(item);
  }
  return list;
}

/** Two versions of the history to compare, the older first. */
function compareBar(columns: Column[], rows: Cell[][], target: Target, view: HTMLElement): HTMLElement {
  const versions = rows.map((r) => r[columns.findIndex((c) => c.name === 'version')] ?? '0');
  const bar = el('div', 'compare-bar');
  const from = versionSelect('compare-from', versions, versions[1] ?? versions[0]);
  const to = versionSelect('compare-to', versions, versions[0]);
  const go = el('button', 'compare-button') as HTMLButtonElement;
  go.type = 'button';
  go.textContent = 'Compare';
  go.addEventListener('click', () => void showDiff(target, from.value, to.value, view));
  bar.append('Compare version ', from, ' with version ', to, ' ', go);
  return bar;
}

function versionSelect(
  className: string,
  versions: string[],
  selected: string | undefined,
): HTMLSelectElement {
  const s = el('select', className) as HTMLSelectElement;
  for (const v of versions)
    s.append(Object.assign(document.createElement('option'), { value: v, textContent: v }));
  if (selected !== undefined) s.value = selected;
  return s;
}

interface RunStatement {
  columns?: Column[];
  rows?: Cell[][];
  trees?: TreesPayload;
  error?: ErrorPayload;
}

async function runOne(sql: string): Promise<RunStatement> {
  const answer = await api<{ statements: RunStatement[] }>('/api/run', { sql });
  return answer.statements.find((s) => s.error) ?? answer.statements.at(-1) ?? {};
}

async function showVersion(table: string, version: string, view: HTMLElement): Promise<void> {
  const result = await runOne(`SELECT * FROM ${table} VERSION AS OF ${Number(version)} LIMIT 1000`);
  const title = Object.assign(el('h3'), { textContent: `As of version ${version}` });
  view.replaceChildren(
    title,
    result.error ? errorView(result.error) : gridView(result.columns ?? [], result.rows ?? [], result.trees),
  );
}

/**
 * Version `to` against version `from` (POST /api/diff): through the change data feed when the table has it
 * (each change with its version), else as the rows one has and the other lacks.
 */
async function showDiff(target: Target, from: string, to: string, view: HTMLElement): Promise<void> {
  const diff = await api<VersionDiff>('/api/diff', { ...target, from: Number(from), to: Number(to) });
  const how =
    'error' in diff ? '' : diff.method === 'changeDataFeed' ? ' (change data feed)' : ' (full comparison)';
  const title = Object.assign(el('h3'), { textContent: `Version ${to} against version ${from}${how}` });
  if ('error' in diff) {
    view.replaceChildren(title, errorView(diff.error));
    return;
  }
  const note = Object.assign(el('div', 'diff-note'), { textContent: diff.note ?? '' });
  view.replaceChildren(title, note, gridView(diff.columns, diff.rows, diff.trees));
}

async function restoreVersion(table: string, version: string, view: HTMLElement, reload: () => void) {
  if (!confirm(`RESTORE ${table} to version ${version}? This commits a new version with its contents.`))
    return;
  const result = await runOne(`RESTORE TABLE ${table} TO VERSION AS OF ${Number(version)}`);
  if (result.error) view.replaceChildren(errorView(result.error));
  else reload();
}

function quoted(database: string | undefined, name: string): string {
  return [database, name]
    .filter((p) => p !== undefined)
    .map((p) => `\`${p.replaceAll('`', '``')}\``)
    .join('.');
}

function tr(cellTag: 'td' | 'th', texts: string[]): HTMLElement {
  const row = el('tr');
  for (const t of texts) row.append(Object.assign(el(cellTag), { textContent: t }));
  return row;
}
