/**
 * The outcome of one conformance case and the report lines every suite prints (ARCHITECTURE.md,
 * "Contracts"): `PASS <id>`, `FAIL <id>: <reason>`, `SKIP <id>: <reason>`, then `N passed, M failed`
 * (with `, K skipped` when any case was skipped).
 */
export type CaseResult =
  /** `detail` is printed in parentheses, e.g. the error class of a must-fail table. */
  | { readonly kind: 'pass'; readonly id: string; readonly detail?: string }
  | { readonly kind: 'fail'; readonly id: string; readonly reason: string }
  | { readonly kind: 'skip'; readonly id: string; readonly reason: string };

export function formatCaseLine(r: CaseResult): string {
  switch (r.kind) {
    case 'pass':
      return r.detail === undefined ? `PASS ${r.id}` : `PASS ${r.id} (${r.detail})`;
    case 'fail':
      return `FAIL ${r.id}: ${oneLine(r.reason)}`;
    case 'skip':
      return `SKIP ${r.id}: ${oneLine(r.reason)}`;
    default:
      return r satisfies never;
  }
}

export interface SuiteSummary {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
}

export function summarize(results: readonly CaseResult[]): SuiteSummary {
  return {
    passed: results.filter((r) => r.kind === 'pass').length,
    failed: results.filter((r) => r.kind === 'fail').length,
    skipped: results.filter((r) => r.kind === 'skip').length,
  };
}

export function formatSummaryLine(s: SuiteSummary): string {
  const base = `${s.passed} passed, ${s.failed} failed`;
  return s.skipped > 0 ? `${base}, ${s.skipped} skipped` : base;
}

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, ' ');
}
