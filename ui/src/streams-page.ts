/**
 * Streams and jobs: every streaming query run on the warehouse (the UI's own process and `lakesql ingest`
 * processes, GET /api/streams), each with its state, batches, input and processing rates, last batch's
 * duration and error, and a chart of its recent batches. The page asks again every two seconds while shown.
 */
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { api, type StreamSummary } from './api.js';
import { el } from './results-grid.js';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const REFRESH_MS = 2000;

export class StreamsPage {
  readonly element = el('div', 'streams-view');
  #timer: ReturnType<typeof setInterval> | undefined;
  #charts: echarts.ECharts[] = [];

  /** Shows the streams now and keeps them current until `hide`. */
  show(): void {
    void this.#refresh();
    this.#timer ??= setInterval(() => void this.#refresh(), REFRESH_MS);
  }

  hide(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  async #refresh(): Promise<void> {
    let streams: StreamSummary[];
    try {
      streams = await api<StreamSummary[]>('/api/streams');
    } catch (e) {
      this.element.replaceChildren(Object.assign(el('div', 'section-error'), { textContent: String(e) }));
      return;
    }
    for (const chart of this.#charts) chart.dispose();
    this.#charts = [];
    const title = Object.assign(el('h2'), { textContent: 'Streams and jobs' });
    if (streams.length === 0) {
      const empty = el('p', 'streams-empty');
      empty.textContent =
        'No streaming query has run on this warehouse yet: start one with lakesql ingest or writeStream.';
      this.element.replaceChildren(title, empty);
      return;
    }
    const cards = streams.map((s) => this.#card(s));
    this.element.replaceChildren(title, ...cards.map((c) => c.element));
    for (const card of cards) card.draw();
  }

  #card(stream: StreamSummary): { element: HTMLElement; draw: () => void } {
    const card = el('section', 'stream-card');
    card.dataset.state = stream.state;
    card.dataset.id = stream.id;
    const last = stream.recentBatches.at(-1);
    const head = el('div', 'stream-head');
    head.textContent = `${stream.name ?? stream.id} · ${stream.state} · ${
      stream.thisProcess ? 'this process' : `process ${stream.pid ?? '?'}`
    }`;
    const facts = el('table', 'stream-facts');
    const rows: [string, string][] = [
      ['batches', String(stream.batches)],
      ['input rate', last ? `${rate(last.inputRowsPerSecond)} rows/s` : '–'],
      ['processing rate', last ? `${rate(last.processedRowsPerSecond)} rows/s` : '–'],
      ['last batch duration', last ? `${last.batchDuration} ms` : '–'],
      ['last update', stream.updatedAt ?? '–'],
      ['checkpoint', stream.checkpoint],
    ];
    for (const [name, value] of rows) {
      const tr = el('tr');
      tr.append(
        Object.assign(el('td'), { textContent: name }),
        Object.assign(el('td', `fact-${name.replaceAll(' ', '-')}`), { textContent: value }),
      );
      facts.append(tr);
    }
    card.append(head, facts);
    if (stream.error) {
      const error = el('div', 'stream-error');
      error.textContent = `${stream.error.errorClass ?? 'ERROR'}${
        stream.error.sqlState ? ` (SQLSTATE ${stream.error.sqlState})` : ''
      }: ${stream.error.message}`;
      card.append(error);
    }
    const canvas = el('div', 'stream-chart');
    card.append(canvas);
    const draw = () => {
      if (stream.recentBatches.length === 0) return;
      const chart = echarts.init(canvas);
      this.#charts.push(chart);
      const ids = stream.recentBatches.map((b) => String(b.batchId));
      chart.setOption({
        animation: false,
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 50, right: 50, top: 30, bottom: 30 },
        xAxis: { type: 'category', name: 'batch', data: ids },
        yAxis: [
          { type: 'value', name: 'rows/s' },
          { type: 'value', name: 'ms' },
        ],
        series: [
          line(
            'input rows/s',
            stream.recentBatches.map((b) => b.inputRowsPerSecond),
            0,
          ),
          line(
            'processed rows/s',
            stream.recentBatches.map((b) => b.processedRowsPerSecond),
            0,
          ),
          line(
            'batch duration (ms)',
            stream.recentBatches.map((b) => b.batchDuration),
            1,
          ),
        ],
      });
    };
    return { element: card, draw };
  }
}

function line(name: string, data: number[], yAxisIndex: number) {
  return { type: 'line', name, data, yAxisIndex, showSymbol: true };
}

function rate(n: number): string {
  return n >= 100 ? String(Math.round(n)) : n.toFixed(1);
}
