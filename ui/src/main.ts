/** The workspace page: the query view (editor and results), the catalog tree and history, table pages. */
import './style.css';
import { RunClient } from './api.js';
import { renderCatalogTree } from './catalog-tree.js';
import { createEditor } from './editor.js';
import { renderHistory } from './history-list.js';
import { el } from './results-grid.js';
import { ResultsPanel } from './results-panel.js';
import { StreamsPage } from './streams-page.js';
import { renderTablePage } from './table-page.js';

const main = document.getElementById('main')!;
const tabs = document.getElementById('main-tabs')!;
const catalog = document.getElementById('catalog-tree')!;
const history = document.getElementById('history-list')!;
const client = new RunClient();

// The query view.
const queryView = el('div', 'query-view');
const toolbar = el('div', 'toolbar');
const runButton = button(
  'Run',
  'run-button',
  'Run the selection or the statement at the cursor (Ctrl/Cmd-Enter)',
);
const cancelButton = button('Cancel', 'cancel-button', 'Interrupt the running statement');
cancelButton.disabled = true;
toolbar.append(runButton, cancelButton);
const editorBox = el('div', 'editor');
const results = new ResultsPanel();
queryView.append(toolbar, editorBox, results.element);
const editor = createEditor(editorBox, 'SELECT 1 AS one;\n', run);
const tableView = el('div', 'table-view');
const streamsPage = new StreamsPage();

let running: string | undefined;

function run(): void {
  if (running !== undefined) return;
  const runnable = editor.runnableText();
  if (!runnable || runnable.text.trim() === '') return;
  editor.clearError();
  results.start();
  runButton.disabled = true;
  cancelButton.disabled = false;
  let rows = 0;
  const statements: string[] = [];
  running = client.run(runnable.text, {
    statement: (index, range) => {
      statements[index] = runnable.text.slice(range.from, range.to);
    },
    result: (result) => {
      rows = result.rows.length;
      const sql = statements[result.index];
      results.addResult(sql === undefined ? result : { ...result, sql });
    },
    ok: () => undefined,
    error: (_index, error) => {
      results.showError(error);
      editor.markError(
        runnable.offset + error.position.from,
        runnable.offset + error.position.to,
        error.message,
      );
    },
    cancelled: () => results.setStatus('Cancelled', 'cancelled'),
    end: (ok, elapsedMs) => {
      running = undefined;
      runButton.disabled = false;
      cancelButton.disabled = true;
      if (ok)
        results.setStatus(
          `${rows} ${rows === 1 ? 'row' : 'rows'} · ${(elapsedMs / 1000).toFixed(3)} s`,
          'done',
        );
      else if (results.element.querySelector('.run-status')?.getAttribute('data-state') !== 'cancelled')
        results.setStatus(`Failed after ${(elapsedMs / 1000).toFixed(3)} s`, 'failed');
      void refreshSide();
    },
  });
}

runButton.addEventListener('click', run);
cancelButton.addEventListener('click', () => {
  if (running !== undefined) client.cancel(running);
});

// Main tabs: the query view, the last opened table, and the streams and jobs.
function showTab(which: 'query' | 'table' | 'streams', title?: string): void {
  tabs.replaceChildren();
  const query = button('Query', 'tab-query', 'The SQL editor');
  query.addEventListener('click', () => showTab('query'));
  const streams = button('Streams', 'tab-streams', 'Streaming queries and ingest jobs on this warehouse');
  streams.addEventListener('click', () => showTab('streams'));
  tabs.append(query, streams);
  if (title !== undefined || tableView.childElementCount > 0) {
    const table = button(title ?? tableView.dataset.title ?? 'Table', 'tab-table', 'The table last opened');
    table.addEventListener('click', () => showTab('table'));
    tabs.append(table);
    if (title !== undefined) tableView.dataset.title = title;
    table.classList.toggle('active', which === 'table');
  }
  query.classList.toggle('active', which === 'query');
  streams.classList.toggle('active', which === 'streams');
  if (which === 'streams') streamsPage.show();
  else streamsPage.hide();
  main.replaceChildren(which === 'query' ? queryView : which === 'table' ? tableView : streamsPage.element);
}

function openTable(database: string | undefined, name: string): void {
  showTab('table', name);
  void renderTablePage(tableView, client, database, name);
}

// The sidebar: catalog and history.
for (const b of document.querySelectorAll<HTMLButtonElement>('.side-tabs button')) {
  b.addEventListener('click', () => {
    for (const other of document.querySelectorAll('.side-tabs button'))
      other.classList.toggle('active', other === b);
    catalog.classList.toggle('hidden', b.dataset.side !== 'catalog');
    history.classList.toggle('hidden', b.dataset.side !== 'history');
  });
}

async function refreshSide(): Promise<void> {
  await Promise.all([
    renderCatalogTree(catalog, openTable),
    renderHistory(history, (sql) => {
      editor.setText(sql);
      showTab('query');
    }),
  ]);
}

function button(text: string, className: string, title: string): HTMLButtonElement {
  const b = el('button', className) as HTMLButtonElement;
  b.type = 'button';
  b.textContent = text;
  b.title = title;
  return b;
}

showTab('query');
void refreshSide();
editor.view.focus();
