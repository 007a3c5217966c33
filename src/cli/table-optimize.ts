/**
 * `lakesql table optimize <table> [--where predicate] [--zorder-by cols] [--full]`: OPTIMIZE of a catalog
 * table (by name) or of the Delta table at a path. The result, Delta's `(path, metrics)` row, prints on
 * stdout as JSON. While the bins are rewritten, a progress bar redraws in place on stderr when it is a
 * terminal; off a terminal, stderr gets one JSON object a line per bin done (`{"progress":{"binsDone":1,
 * "bins":4}}`), which a script or a log can read.
 */

import { optimizeTable } from '../exec/maintenance/optimize.js';
import { NO_SPAN } from '../sql/ast/common.js';
import { parseColumnName } from '../sql/ast/frame.js';
import { parseExpression } from '../sql/index.js';
import { ERASE_LINE, type ProgressStream } from './progress-line.js';
import { resultText } from './result-text.js';
import { openSession, type SessionOptions } from './session-options.js';

export interface OptimizeCommandOptions extends SessionOptions {
  readonly where?: string;
  /** Comma-separated column names. */
  readonly zorderBy?: string;
  readonly full?: boolean;
}

/** Runs the OPTIMIZE and returns the result's text (one JSON line). */
export async function optimizeCommand(
  table: string,
  options: OptimizeCommandOptions,
  progress: ProgressStream,
): Promise<string> {
  const session = await openSession(options);
  try {
    const parts = looksLikePath(table) ? ['delta', table] : parseColumnName(table);
    const zOrderBy = (options.zorderBy ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter((c) => c !== '')
      .map(parseColumnName);
    const report = progressReporter(progress);
    const result = await optimizeTable(session.sqlSession, {
      table: { kind: 'objectName', parts, span: NO_SPAN },
      where: options.where === undefined ? null : parseExpression(options.where),
      zOrderBy,
      full: options.full === true,
      onProgress: report.update,
    });
    report.done();
    if (result.kind !== 'rows') return '';
    const timeZone = session.sqlSession.confValue('spark.sql.session.timeZone') ?? 'UTC';
    return resultText(result, 'json', { timeZone });
  } finally {
    session.close();
  }
}

/** A table argument that names a folder rather than a catalog table: it has a slash or starts with a dot. */
function looksLikePath(table: string): boolean {
  return table.includes('/') || table.includes('\\') || table.startsWith('.');
}

const BAR_WIDTH = 30;

function progressReporter(stream: ProgressStream): {
  update: (done: number, total: number) => void;
  done: () => void;
} {
  if (!stream.isTTY) {
    return {
      update: (done, total) => {
        stream.write(`${JSON.stringify({ progress: { binsDone: done, bins: total } })}\n`);
      },
      done: () => {},
    };
  }
  let shown = false;
  return {
    update: (done, total) => {
      const filled = total === 0 ? BAR_WIDTH : Math.round((BAR_WIDTH * done) / total);
      stream.write(
        `${ERASE_LINE}[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${done}/${total} bins rewritten`,
      );
      shown = true;
    },
    done: () => {
      if (shown) stream.write(ERASE_LINE);
    },
  };
}
