/**
 * The sections EXPLAIN prints for an analyzed query, in Spark's order and with Spark's headers where Spark
 * has one (https://spark.apache.org/docs/latest/sql-ref-syntax-qry-explain.html):
 *   == Parsed Logical Plan ==     the statement as lakesql parsed it, printed back by the AST printer
 *   == Analyzed Logical Plan ==   the output schema, then the resolved plan tree (attributes as name#id)
 *   == Optimized Logical Plan ==  a note: lakesql hands the analyzed plan to DuckDB, whose optimizer runs
 *   == Physical Plan ==           what lakesql itself runs: each table scan, its pushed-down predicate and
 *                                 the files partition pruning and data skipping kept
 *   == DuckDB SQL ==              the one query lakesql compiled the plan to, exactly as it runs
 *   == DuckDB Plan ==             DuckDB's EXPLAIN of that query (its physical plan)
 * The query is compiled (its scans opened) but never run; every scan is released afterwards.
 */
import type { AddFile } from '../../delta/actions.js';
import type { EngineSession } from '../../engine/engine-session.js';
import type { SessionSemantics } from '../../plan/functions/function-signature.js';
import { attributeString } from '../../plan/logical/expression-string.js';
import type { LogicalPlan } from '../../plan/logical/logical-plan.js';
import {
  outputSchemaString,
  planFormattedString,
  planTreeString,
} from '../../plan/logical/plan-tree-string.js';
import type { ExplainMode } from '../../sql/ast/statements.js';
import { logicalRecords } from '../dml/rewrite-files.js';
import { compileQuery, type ScanReport } from '../query/run-query.js';
import { literalText, predicateText } from './value-text.js';

export const NOT_OPTIMIZED = '(lakesql does not optimize the logical plan; DuckDB optimizes the SQL below)';

export interface ExplainInput {
  readonly engine: EngineSession;
  readonly semantics: SessionSemantics;
  readonly plan: LogicalPlan;
  /** The statement as parsed, printed back (EXTENDED's parsed plan). */
  readonly parsed: string;
  /** Sections a DML statement puts first (its target, condition and how it rewrites files). */
  readonly preamble?: readonly Section[];
}

export interface Section {
  readonly header: string;
  /** Lines of text; the section ends with a newline. */
  readonly body: string;
}

export async function explainQuery(
  input: ExplainInput,
  mode: Exclude<ExplainMode, 'CODEGEN'>,
): Promise<string> {
  const { engine, semantics, plan } = input;
  const literal = literalText(semantics.timeZone);
  const compiled = await compileQuery(engine, plan, semantics);
  try {
    const scans = distinctScans(compiled.scans);
    const duckdbPlan = await duckdbExplain(engine, compiled.sql);
    const scanLines = (r: ScanReport) => scanDetails(r, semantics.timeZone);
    const physical =
      scans.length === 0
        ? '(no table scans)'
        : scans.map((r) => [scanTitle(r), ...scanLines(r).map((l) => `   ${l}`)].join('\n')).join('\n');
    const sections: Section[] = [...(input.preamble ?? [])];
    switch (mode) {
      case 'SIMPLE':
        sections.push({ header: 'Physical Plan', body: physical });
        sections.push({ header: 'DuckDB Plan', body: duckdbPlan });
        break;
      case 'EXTENDED':
        sections.push({ header: 'Parsed Logical Plan', body: input.parsed });
        sections.push({
          header: 'Analyzed Logical Plan',
          body: `${outputSchemaString(plan.output)}\n${planTreeString(plan, { literal })}`,
        });
        sections.push({ header: 'Optimized Logical Plan', body: NOT_OPTIMIZED });
        sections.push({ header: 'Physical Plan', body: physical });
        sections.push({ header: 'DuckDB SQL', body: compiled.sql });
        sections.push({ header: 'DuckDB Plan', body: duckdbPlan });
        break;
      case 'COST': {
        // Spark prints its optimized plan with each node's Statistics; lakesql knows them for its scans
        // only (from the Delta log), and DuckDB's plan below shows its own row estimates per operator.
        const byRelation = new Map(scans.map((r) => [r.relation as LogicalPlan, r]));
        const relationSuffix = (rel: LogicalPlan) => {
          const r = byRelation.get(rel);
          return r?.files ? `, ${statisticsText(r.files.adds)}` : '';
        };
        sections.push({
          header: 'Analyzed Logical Plan',
          body: `${outputSchemaString(plan.output)}\n${planTreeString(plan, { literal, relationSuffix })}`,
        });
        sections.push({ header: 'Physical Plan', body: physical });
        sections.push({ header: 'DuckDB Plan', body: duckdbPlan });
        break;
      }
      case 'FORMATTED': {
        const byRelation = new Map(scans.map((r) => [r.relation as LogicalPlan, r]));
        const relationDetails = (rel: LogicalPlan) => {
          const r = byRelation.get(rel);
          return r ? scanLines(r) : [];
        };
        sections.push({
          header: 'Physical Plan',
          body: planFormattedString(plan, { literal, relationDetails }),
        });
        sections.push({ header: 'DuckDB SQL', body: compiled.sql });
        sections.push({ header: 'DuckDB Plan', body: duckdbPlan });
        break;
      }
      default:
        return mode satisfies never;
    }
    return renderSections(sections);
  } finally {
    await compiled.release();
  }
}

/** `== Header ==`, the body, a blank line between sections (Spark's layout). */
export function renderSections(sections: readonly Section[]): string {
  return sections.map((s) => `== ${s.header} ==\n${s.body.replace(/\n+$/, '')}\n`).join('\n');
}

/** A relation read twice (one plan under two parents) is reported once. */
function distinctScans(scans: readonly ScanReport[]): ScanReport[] {
  const seen = new Set<object>();
  return scans.filter((r) => !seen.has(r.relation) && seen.add(r.relation));
}

function scanTitle(r: ScanReport): string {
  const columns = r.relation.output.map(attributeString).join(', ');
  return r.relation.source.kind === 'delta'
    ? `Scan delta ${r.relation.source.tableName} [${columns}]`
    : `Scan engine relation [${columns}]`;
}

function scanDetails(r: ScanReport, timeZone: string): string[] {
  const typeOf = (column: readonly string[]) =>
    r.relation.output.find((a) => a.name.toLowerCase() === column[0]?.toLowerCase())?.type;
  const source = r.relation.source;
  // A relation that takes no pushed filters (range(), a CSV read) has none to show.
  if (source.kind === 'engineSql' && source.pushFilters === undefined) return [];
  const lines = [`PushedFilters: [${r.predicate ? predicateText(r.predicate, typeOf, timeZone) : ''}]`];
  if (r.files) {
    const skipped = r.files.total - r.files.kept;
    lines.push(
      `Files kept: ${r.files.kept} of ${r.files.total} (${skipped} skipped by partition pruning and data skipping)`,
    );
  }
  return lines;
}

/**
 * Spark's `Statistics(sizeInBytes=…, rowCount=…)` of the files a scan keeps: their sizes and live rows from
 * the log (rowCount only when every file has statistics).
 */
export function statisticsText(adds: readonly AddFile[]): string {
  const size = adds.reduce((n, a) => n + a.size, 0);
  const rows = adds.map(logicalRecords);
  const rowCount = rows.every((n) => n !== undefined) ? rows.reduce((n, r) => n + r, 0) : undefined;
  return `Statistics(sizeInBytes=${bytesToString(size)}${rowCount === undefined ? '' : `, rowCount=${rowCount}`})`;
}

/** Spark's Utils.bytesToString: the largest binary unit the size is at least twice of, one decimal. */
function bytesToString(size: number): string {
  const units = ['EiB', 'PiB', 'TiB', 'GiB', 'MiB', 'KiB'];
  for (const [i, unit] of units.entries()) {
    const scale = 1024 ** (units.length - i);
    if (size >= 2 * scale) return `${(size / scale).toFixed(1)} ${unit}`;
  }
  return `${size.toFixed(1)} B`;
}

/** DuckDB's own EXPLAIN: the text of its physical plan (the `physical_plan` row's value). */
async function duckdbExplain(engine: EngineSession, sql: string): Promise<string> {
  const rows = await engine.all(`EXPLAIN ${sql}`);
  return rows.map((r) => String(r.explain_value ?? '')).join('\n');
}
