/**
 * The two faces of a run: a table on the terminal, and the results section of BENCHMARKS.md (everything
 * between the two markers is rewritten; the hand-written header above them is kept as it is).
 */
import fs from 'node:fs/promises';
import Table from 'cli-table3';
import type { BenchResult } from './harness.js';

export const RESULTS_BEGIN =
  '<!-- bench results: begin (written by `npm run bench`; do not edit by hand) -->';
export const RESULTS_END = '<!-- bench results: end -->';

export interface RunInfo {
  readonly scale: number;
  readonly runs: number;
  readonly date: Date;
  readonly machine: string;
}

export function terminalTable(results: readonly BenchResult[]): string {
  const table = new Table({
    head: ['benchmark', 'case', 'lakesql ms', 'baseline ms', 'ratio'],
    colAligns: ['left', 'left', 'right', 'right', 'right'],
    style: { head: [], border: [] },
  });
  for (const r of results) {
    table.push([r.benchmark, r.name, ms(r.lakesqlMs), ms(r.baselineMs), ratio(r.ratio)]);
  }
  return table.toString();
}

/**
 * The results section: one table row per case. Rows of benchmarks not run this time are kept from
 * `previous` (the section as it stood), so `npm run bench -- scan` updates only the scan rows; each row
 * says when and at what scale it was measured.
 */
export function markdownResults(
  results: readonly BenchResult[],
  info: RunInfo,
  previous: string,
  order: readonly string[],
): string {
  const ran = new Set(results.map((r) => r.benchmark));
  const day = info.date.toISOString().slice(0, 10);
  const fresh = results.map(
    (r) =>
      `| ${r.benchmark} | ${r.name} | ${r.lakesqlDoes} | ${r.baselineDoes} | ${ms(r.lakesqlMs)} | ` +
      `${ms(r.baselineMs)} | ${ratio(r.ratio)} | ${day}, scale ${info.scale}, ${r.runs} runs |`,
  );
  const kept = previous
    .split('\n')
    .filter((line) => /^\| [a-z]+ \|/.test(line) && !line.startsWith('| benchmark |'))
    .filter((line) => !ran.has(benchmarkOf(line)));
  const rank = (line: string) => {
    const i = order.indexOf(benchmarkOf(line));
    return i < 0 ? order.length : i;
  };
  // A stable sort keeps each benchmark's cases in the order they ran.
  const rows = [...kept, ...fresh].sort((a, b) => rank(a) - rank(b));
  return [
    `Machine of the last run: ${info.machine}.`,
    'Each figure is the median of the runs after one warm-up; ratio = lakesql ms / baseline ms.',
    '',
    '| benchmark | case | lakesql side | baseline side | lakesql ms | baseline ms | ratio | measured |',
    '|---|---|---|---|--:|--:|--:|---|',
    ...rows,
  ].join('\n');
}

function benchmarkOf(line: string): string {
  return line.split('|')[1]?.trim() ?? '';
}

/** The results section of `file` as it stands (empty when the markers hold nothing yet). */
export async function currentResults(file: string): Promise<string> {
  const text = await fs.readFile(file, 'utf8');
  const begin = text.indexOf(RESULTS_BEGIN);
  const end = text.indexOf(RESULTS_END);
  return begin < 0 || end < begin ? '' : text.slice(begin + RESULTS_BEGIN.length, end);
}

/** Replaces the results section of `file` (between the markers) with `section`. */
export async function rewriteResults(file: string, section: string): Promise<void> {
  const text = await fs.readFile(file, 'utf8');
  const begin = text.indexOf(RESULTS_BEGIN);
  const end = text.indexOf(RESULTS_END);
  if (begin < 0 || end < begin) {
    throw new Error(`${file} lacks the results markers; add ${RESULTS_BEGIN} and ${RESULTS_END}`);
  }
  const before = text.slice(0, begin + RESULTS_BEGIN.length);
  const after = text.slice(end);
  await fs.writeFile(file, `${before}\n${section}\n${after}`);
}

function ms(x: number): string {
  return x >= 100 ? x.toFixed(0) : x.toFixed(1);
}

function ratio(x: number): string {
  return `${x.toFixed(2)}x`;
}
