/**
 * The results grid: only the rows in view are in the DOM (a spacer gives the scroll height), so a result
 * of a million rows scrolls as one of ten. Cells hold the server's display texts, NULL shown as NULL;
 * a click on a header sorts (numbers as numbers, exactly for long integers), a drag on its edge resizes,
 * a cell's full text goes to the clipboard on double click, and a click on an array, map or struct cell
 * unfolds its value as a tree under the rows (nested-tree.ts).
 */
import type { Cell, Column, NestedNode } from './api.js';
import { treeView } from './nested-tree.js';

const ROW_HEIGHT = 26;
const OVERSCAN = 10;
const DEFAULT_WIDTH = 160;

export class ResultsGrid {
  readonly element: HTMLElement;
  #header: HTMLElement;
  #body: HTMLElement;
  #spacer: HTMLElement;
  #rowsLayer: HTMLElement;
  #rows: Cell[][];
  #order: number[];
  #widths: number[];
  #sort: { column: number; descending: boolean } | undefined;
  #trees: ReadonlyMap<number, readonly (string | null)[]>;
  #expanded: HTMLElement;

  constructor(
    readonly columns: Column[],
    rows: Cell[][],
    trees: ReadonlyMap<number, readonly (string | null)[]> = new Map(),
  ) {
    this.#trees = trees;
    this.#expanded = el('div', 'cell-tree hidden');
    this.#rows = rows;
    this.#order = rows.map((_, i) => i);
    this.#widths = columns.map((c) => Math.max(80, Math.min(DEFAULT_WIDTH, 12 + c.name.length * 9)));
    this.element = el('div', 'grid');
    this.#header = el('div', 'grid-header');
    this.#body = el('div', 'grid-body');
    this.#spacer = el('div', 'grid-spacer');
    this.#rowsLayer = el('div', 'grid-rows');
    this.#body.append(this.#spacer, this.#rowsLayer);
    this.element.append(this.#header, this.#body, this.#expanded);
    this.#body.addEventListener('scroll', () => {
      this.#header.scrollLeft = this.#body.scrollLeft;
      this.#render();
    });
    this.#body.addEventListener('dblclick', (e) => {
      const cell = (e.target as HTMLElement).closest('.grid-cell') as HTMLElement | null;
      if (cell) void navigator.clipboard?.writeText(cell.dataset.full ?? '').catch(() => undefined);
    });
    this.#body.addEventListener('click', (e) => {
      const cell = (e.target as HTMLElement).closest('.grid-cell.nested') as HTMLElement | null;
      if (cell) this.#expand(Number(cell.dataset.row), Number(cell.dataset.column));
    });
    new ResizeObserver(() => this.#render()).observe(this.#body);
    this.#renderHeader();
    this.#render();
  }

  #renderHeader(): void {
    const row = el('div', 'grid-row grid-header-row');
    this.columns.forEach((c, i) => {
      const cell = el('div', 'grid-cell grid-header-cell');
      cell.style.width = `${this.#widths[i]}px`;
      const arrow = this.#sort?.column === i ? (this.#sort.descending ? ' ▼' : ' ▲') : '';
      cell.textContent = `${c.name}${arrow}`;
      cell.title = `${c.name}: ${c.type}${c.nullable ? '' : ' NOT NULL'}`;
      cell.addEventListener('click', () => this.sortBy(i));
      const handle = el('span', 'grid-resize');
      handle.addEventListener('click', (e) => e.stopPropagation());
      handle.addEventListener('mousedown', (e) => this.#startResize(e, i));
      cell.append(handle);
      row.append(cell);
    });
    this.#header.replaceChildren(row);
    const total = this.#widths.reduce((a, b) => a + b, 0);
    this.#spacer.style.width = `${total}px`;
    this.#spacer.style.height = `${this.#rows.length * ROW_HEIGHT}px`;
  }

  #startResize(e: MouseEvent, column: number): void {
    e.preventDefault();
    e.stopPropagation();
    const startX = e.clientX;
    const startWidth = this.#widths[column]!;
    const move = (m: MouseEvent) => {
      this.#widths[column] = Math.max(40, startWidth + m.clientX - startX);
      this.#renderHeader();
      this.#render(true);
    };
    const up = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  }

  sortBy(column: number): void {
    const descending = this.#sort?.column === column ? !this.#sort.descending : false;
    this.#sort = { column, descending };
    const compare = this.columns[column]?.numeric ? compareNumbers : compareTexts;
    this.#order.sort((a, b) => {
      const order = compare(this.#rows[a]![column] ?? null, this.#rows[b]![column] ?? null);
      return descending ? -order : order;
    });
    this.#renderHeader();
    this.#render(true);
  }

  #shown: { first: number; last: number } | undefined;

  #render(force = false): void {
    const height = this.#body.clientHeight || 400;
    const first = Math.max(0, Math.floor(this.#body.scrollTop / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(
      this.#rows.length,
      Math.ceil((this.#body.scrollTop + height) / ROW_HEIGHT) + OVERSCAN,
    );
    if (!force && this.#shown?.first === first && this.#shown.last === last) return;
    this.#shown = { first, last };
    const fragment = document.createDocumentFragment();
    for (let r = first; r < last; r++) {
      const row = el('div', 'grid-row');
      row.style.top = `${r * ROW_HEIGHT}px`;
      const values = this.#rows[this.#order[r]!]!;
      this.columns.forEach((_, i) => {
        const value = values[i] ?? null;
        const nested = value !== null && this.#trees.has(i);
        const cell = el('div', value === null ? 'grid-cell null' : nested ? 'grid-cell nested' : 'grid-cell');
        if (nested) {
          cell.dataset.row = String(this.#order[r]);
          cell.dataset.column = String(i);
        }
        cell.style.width = `${this.#widths[i]}px`;
        cell.textContent = value === null ? 'NULL' : value;
        cell.dataset.full = value ?? 'NULL';
        if (value !== null && value.length > 40) cell.title = value;
        row.append(cell);
      });
      fragment.append(row);
    }
    this.#rowsLayer.replaceChildren(fragment);
  }

  /** Shows the tree of row `row`'s value in nested column `column` under the rows; a second click hides it. */
  #expand(row: number, column: number): void {
    const key = `${row}:${column}`;
    if (this.#expanded.dataset.key === key && !this.#expanded.classList.contains('hidden')) {
      this.#expanded.classList.add('hidden');
      return;
    }
    const text = this.#trees.get(column)?.[row];
    if (text === undefined || text === null) return;
    const close = el('button', 'cell-tree-close') as HTMLButtonElement;
    close.type = 'button';
    close.textContent = '×';
    close.title = 'Close';
    close.addEventListener('click', () => this.#expanded.classList.add('hidden'));
    const name = this.columns[column]?.name ?? '';
    this.#expanded.dataset.key = key;
    this.#expanded.replaceChildren(
      close,
      treeView(JSON.parse(text) as NestedNode, `${name} (row ${row + 1})`),
    );
    this.#expanded.classList.remove('hidden');
  }
}

/** Display texts of numbers compare as numbers; long integers exactly, by sign, length, then digits. */
function compareNumbers(a: Cell, b: Cell): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  if (/^-?\d+$/.test(a) && /^-?\d+$/.test(b)) {
    const [na, nb] = [a.startsWith('-'), b.startsWith('-')];
    if (na !== nb) return na ? -1 : 1;
    const order = a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
    return na ? -order : order;
  }
  return Number(a) - Number(b);
}

function compareTexts(a: Cell, b: Cell): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function el(tag: string, className?: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  return node;
}
