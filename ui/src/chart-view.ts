/**
 * The chart view of a result, as Databricks' result visualizations offer: bar, line, scatter or pie, an X
 * column and a Y column of numbers. Values are read from the display texts; a chart is a picture, so a
 * long integer beyond 2^53 rounding there is acceptable (the grid keeps it exact).
 */
import { BarChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { ResultSet } from './api.js';
import { el } from './results-grid.js';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export type ChartKind = 'bar' | 'line' | 'scatter' | 'pie';
const KINDS: ChartKind[] = ['bar', 'line', 'scatter', 'pie'];

export class ChartView {
  readonly element: HTMLElement;
  #canvas: HTMLElement;
  #chart: echarts.ECharts | undefined;
  #kind: HTMLSelectElement;
  #x: HTMLSelectElement;
  #y: HTMLSelectElement;

  constructor(private readonly result: ResultSet) {
    this.element = el('div', 'chart-view');
    const controls = el('div', 'chart-controls');
    this.#kind = select(
      'chart-kind',
      KINDS.map((k) => [k, k]),
    );
    const columns = result.columns.map((c, i) => [String(i), c.name] as [string, string]);
    this.#x = select('chart-x', columns);
    const numeric = result.columns.flatMap((c, i) =>
      c.numeric ? [[String(i), c.name] as [string, string]] : [],
    );
    this.#y = select('chart-y', numeric);
    const firstText = result.columns.findIndex((c) => !c.numeric);
    this.#x.value = String(Math.max(firstText, 0));
    const firstNumber = numeric.find(([i]) => i !== this.#x.value) ?? numeric[0];
    if (firstNumber) this.#y.value = firstNumber[0];
    controls.append(label('Chart', this.#kind), label('X', this.#x), label('Y', this.#y));
    this.#canvas = el('div', 'chart-canvas');
    this.element.append(controls, this.#canvas);
    for (const s of [this.#kind, this.#x, this.#y]) s.addEventListener('change', () => this.draw());
    if (numeric.length === 0) this.#canvas.textContent = 'No numeric column to chart.';
  }

  /** Draws once the view is in the page (ECharts needs its size). */
  draw(): void {
    if (this.#y.options.length === 0) return;
    this.#chart ??= echarts.init(this.#canvas);
    const x = Number(this.#x.value);
    const y = Number(this.#y.value);
    const kind = this.#kind.value as ChartKind;
    const rows = this.result.rows.slice(0, 5000);
    const names = rows.map((r) => r[x] ?? 'NULL');
    const values = rows.map((r) => (r[y] === null || r[y] === undefined ? null : Number(r[y])));
    const yName = this.result.columns[y]?.name ?? '';
    this.#chart.setOption(
      kind === 'pie'
        ? {
            tooltip: {},
            series: [
              { type: 'pie', name: yName, data: names.map((name, i) => ({ name, value: values[i] })) },
            ],
          }
        : {
            tooltip: { trigger: kind === 'scatter' ? 'item' : 'axis' },
            xAxis:
              kind === 'scatter'
                ? { type: 'value', name: this.result.columns[x]?.name }
                : { type: 'category', data: names, name: this.result.columns[x]?.name },
            yAxis: { type: 'value', name: yName },
            series: [
              {
                type: kind,
                name: yName,
                data: kind === 'scatter' ? rows.map((r, i) => [Number(r[x]), values[i]]) : values,
              },
            ],
          },
      true,
    );
    this.#chart.resize();
  }

  dispose(): void {
    this.#chart?.dispose();
  }
}

function select(className: string, options: [string, string][]): HTMLSelectElement {
  const s = el('select', className) as HTMLSelectElement;
  for (const [value, text] of options) {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = text;
    s.append(o);
  }
  return s;
}

function label(text: string, control: HTMLElement): HTMLElement {
  const l = el('label');
  l.append(`${text} `, control);
  return l;
}
