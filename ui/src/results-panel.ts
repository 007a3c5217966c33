/**
 * Under the editor: the run's status (running, rows and time, cancelled), the error of a failed statement
 * with its class and SQLSTATE, and each result of the run as a grid or a chart.
 */
import type { ErrorPayload, ResultSet } from './api.js';
import { ChartView } from './chart-view.js';
import { csvText, download, jsonText, parquetDownload } from './downloads.js';
import { el, ResultsGrid } from './results-grid.js';

export class ResultsPanel {
  readonly element: HTMLElement;
  #status: HTMLElement;
  #error: HTMLElement;
  #tabs: HTMLElement;
  #view: HTMLElement;
  #results: ResultSet[] = [];
  #selected = 0;
  #mode: 'table' | 'chart' = 'table';
  #chart: ChartView | undefined;

  constructor() {
    this.element = el('section', 'results');
    const bar = el('div', 'results-bar');
    this.#status = el('span', 'run-status');
    this.#tabs = el('span', 'result-tabs');
    const modes = el('span', 'result-modes');
    for (const mode of ['table', 'chart'] as const) {
      const b = el('button', `mode-${mode}`) as HTMLButtonElement;
      b.type = 'button';
      b.textContent = mode === 'table' ? 'Table' : 'Chart';
      b.addEventListener('click', () => {
        this.#mode = mode;
        this.#show();
      });
      modes.append(b);
    }
    for (const format of ['csv', 'json', 'parquet'] as const) {
      const b = el('button', `download-${format}`) as HTMLButtonElement;
      b.type = 'button';
      b.textContent = format === 'parquet' ? 'Parquet' : format.toUpperCase();
      b.title =
        format === 'parquet'
          ? 'Download the result as Parquet (the server runs the query again and writes the file)'
          : `Download the result as ${format.toUpperCase()}`;
      b.addEventListener('click', () => void this.#download(format));
      modes.append(b);
    }
    bar.append(this.#status, this.#tabs, modes);
    this.#error = el('div', 'error-box hidden');
    this.#view = el('div', 'result-view');
    this.element.append(bar, this.#error, this.#view);
  }

  start(): void {
    this.#results = [];
    this.#selected = 0;
    this.#error.classList.add('hidden');
    this.#tabs.replaceChildren();
    this.#view.replaceChildren();
    this.setStatus('Running…', 'running');
  }

  setStatus(text: string, kind: 'running' | 'done' | 'failed' | 'cancelled'): void {
    this.#status.textContent = text;
    this.#status.dataset.state = kind;
  }

  addResult(result: ResultSet): void {
    this.#results.push(result);
    this.#selected = this.#results.length - 1;
    const tab = el('button', 'result-tab') as HTMLButtonElement;
    tab.type = 'button';
    const at = this.#results.length - 1;
    tab.textContent = `Result ${result.index + 1}`;
    tab.addEventListener('click', () => {
      this.#selected = at;
      this.#show();
    });
    this.#tabs.append(tab);
    this.#show();
  }

  showError(error: ErrorPayload): void {
    this.#error.classList.remove('hidden');
    this.#error.replaceChildren();
    const head = el('div', 'error-class');
    head.textContent = `${error.errorClass} (SQLSTATE ${error.sqlState}) at line ${error.position.line}, position ${error.position.column}`;
    const message = el('pre', 'error-message');
    message.textContent = error.message;
    this.#error.append(head, message);
  }

  async #download(format: 'csv' | 'json' | 'parquet'): Promise<void> {
    const result = this.#results[this.#selected];
    if (!result) return;
    const name = `result-${result.index + 1}.${format}`;
    if (format === 'csv') download(name, csvText(result), 'text/csv');
    else if (format === 'json') download(name, jsonText(result), 'application/json');
    else if (result.sql !== undefined) {
      const answer = await parquetDownload(result.sql, name);
      if ('error' in answer) this.showError(answer.error);
      else download(name, answer.blob, 'application/vnd.apache.parquet');
    }
  }

  #show(): void {
    this.#chart?.dispose();
    this.#chart = undefined;
    const result = this.#results[this.#selected];
    for (const [i, tab] of [...this.#tabs.children].entries())
      tab.classList.toggle('active', i === this.#selected);
    if (!result) {
      this.#view.replaceChildren();
      return;
    }
    const count = el('div', 'row-count');
    count.textContent = `${result.rows.length} ${result.rows.length === 1 ? 'row' : 'rows'} in ${(result.elapsedMs / 1000).toFixed(3)} s`;
    if (this.#mode === 'table') {
      this.#view.replaceChildren(count, new ResultsGrid(result.columns, result.rows, result.trees).element);
    } else {
      this.#chart = new ChartView(result);
      this.#view.replaceChildren(count, this.#chart.element);
      this.#chart.draw();
    }
  }
}
