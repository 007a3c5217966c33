/**
 * `lakesql table show|check|vacuum <path>`: rows, or a summary of the snapshot and a check of its files, of a
 * Delta table on disk, or a VACUUM of it.
 */
import { LakeSession } from '../api/lake-session.js';
import { vacuum } from '../exec/maintenance/vacuum.js';
import { sqlTypeName } from '../types/data-types.js';
import { formatRows, type OutputFormat } from './format-rows.js';
import { commandProgress, type ProgressStream } from './progress-line.js';
import { openSession, type SessionOptions } from './session-options.js';
import { checkTableFiles } from './table-file-check.js';

export interface TableCommandOptions {
  readonly version?: number;
  readonly timestamp?: string;
  readonly format: OutputFormat;
  readonly mode: 'rows' | 'summary';
}

export async function describeTable(location: string, options: TableCommandOptions): Promise<string> {
  const session = await LakeSession.create();
  try {
    const table = session.deltaTable(location);
    const travel = {
      ...(options.version !== undefined ? { version: options.version } : {}),
      ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
    };
    if (options.mode === 'rows') {
      const result = await table.read(travel);
      const snapshot = await table.snapshot(travel);
      return formatRows(
        result.rows,
        snapshot.schema.fields.map((f) => f.name),
        options.format,
      );
    }
    const s = await table.snapshot(travel);
    const lines = [
      `version: ${s.version}`,
      `protocol: reader ${s.protocol.minReaderVersion}, writer ${s.protocol.minWriterVersion}` +
        (s.protocol.readerFeatures ? `, reader features [${s.protocol.readerFeatures.join(', ')}]` : '') +
        (s.protocol.writerFeatures ? `, writer features [${s.protocol.writerFeatures.join(', ')}]` : ''),
      `schema: ${s.schema.fields.map((f) => `${f.name} ${sqlTypeName(f.type)}`).join(', ')}`,
      `partition columns: ${s.partitionColumns.join(', ') || '(none)'}`,
      `live files: ${s.numFiles} (${s.activeFiles().reduce((n, f) => n + f.size, 0)} bytes)`,
      `checkpoint: ${s.segment.checkpointVersion ?? '(none)'}; commits replayed: ${s.segment.deltas.length}`,
      `configuration: ${JSON.stringify(s.configuration)}`,
    ];
    return lines.join('\n');
  } finally {
    session.close();
  }
}

/**
 * `lakesql table check <path>`: the snapshot summary, then the check of its files (table-file-check.ts):
 * `ok` is false when a file is missing, has another size than recorded, or disagrees with its statistics.
 */
export async function checkTable(
  location: string,
  options: { readonly version?: number; readonly sample?: number },
): Promise<{ readonly text: string; readonly ok: boolean }> {
  const summary = await describeTable(location, { ...options, format: 'table', mode: 'summary' });
  const session = await LakeSession.create();
  try {
    const table = session.deltaTable(location);
    const snapshot = await table.snapshot(options.version !== undefined ? { version: options.version } : {});
    const report = await checkTableFiles(
      session.sqlSession,
      snapshot,
      options.sample !== undefined ? { sample: options.sample } : {},
    );
    const lines = [
      summary,
      `files: ${report.filesChecked} checked for existence and size; statistics compared with the data of ${report.statsChecked}`,
      ...(report.problems.length === 0
        ? ['problems: none']
        : ['problems:', ...report.problems.map((p) => `  ${p}`)]),
    ];
    return { text: lines.join('\n'), ok: report.problems.length === 0 };
  } finally {
    session.close();
  }
}

/**
 * `lakesql table vacuum <path> [--retain HOURS] [--dry-run]`: VACUUM of the Delta table at <path>, with its
 * progress on `progress` (a line on a terminal, JSON lines otherwise). Prints the paths a dry run would
 * delete, one a line, or Delta's closing line: how many files and directories it deleted.
 */
export async function vacuumTableCommand(
  location: string,
  options: SessionOptions & { readonly retain?: number; readonly dryRun?: boolean },
  progress: ProgressStream,
): Promise<string> {
  const session = await openSession(options);
  const line = commandProgress(progress, 'vacuum');
  try {
    const outcome = await vacuum(session.sqlSession, ['delta', location], {
      ...(options.retain !== undefined ? { retainHours: options.retain } : {}),
      dryRun: options.dryRun === true,
      onProgress: (p) => line.report({ phase: p.phase, done: p.deleted, total: p.total }),
    });
    line.end();
    if (options.dryRun) {
      return [`Found ${outcome.paths.length} files and directories to delete.`, ...outcome.paths].join('\n');
    }
    return `Deleted ${outcome.numDeletedFiles} files and directories in a total of ${outcome.numVacuumedDirectories} directories.`;
  } finally {
    line.end();
    session.close();
  }
}
