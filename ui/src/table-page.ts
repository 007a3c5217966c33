/**
 * A table's page: its schema (types, nullability, comments, generated/default/identity columns), DESCRIBE
 * DETAIL, the history as a timeline (choosing a version shows the table as of it, through VERSION AS OF),
 * a sample of rows, and SHOW CREATE TABLE.
 */
import { api, type Cell, type Column, type ErrorPayload, type Section, type TablePage } from './api.js';
import { el, ResultsGrid } from './results-grid.js';

export async function renderTablePage(parent: HTMLElement, database: string | undefined, name: string) {
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
  root.append(
    heading('History'),
    sectionView(page.history, (columns, rows) =>
      timeline(columns, rows, quoted(database, name), versionView),
    ),
    versionView,
  );
  root.append(heading('Sample rows'), sectionView(page.sample, gridView));
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

function gridView(columns: Column[], rows: Cell[][]): HTMLElement {
  const box = el('div', 'grid-box');
  box.append(new ResultsGrid(columns, rows).element);
  return box;
}

/** DESCRIBE HISTORY's rows, newest first, each commit with its operation, parameters and metrics. */
function timeline(columns: Column[], rows: Cell[][], table: string, versionView: HTMLElement): HTMLElement {
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
    item.append(head, params, metric, show);
    list.append(item);
  }
  return list;
}

async function showVersion(table: string, version: string, view: HTMLElement): Promise<void> {
  const answer = await api<{ statements: { columns?: Column[]; rows?: Cell[][]; error?: ErrorPayload }[] }>(
    '/api/run',
    { sql: `SELECT * FROM ${table} VERSION AS OF ${Number(version)} LIMIT 1000` },
  );
  const result = answer.statements[0];
  const title = Object.assign(el('h3'), { textContent: `As of version ${version}` });
  view.replaceChildren(
    title,
    result?.error ? errorView(result.error) : gridView(result?.columns ?? [], result?.rows ?? []),
  );
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
