/** `lakesql table show|check <path>`: rows, or a summary of the snapshot, of a Delta table on disk. */
import { LakeSession } from '../api/lake-session.js';
import { sqlTypeName } from '../types/data-types.js';
import { formatRows, type OutputFormat } from './format-rows.js';

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
