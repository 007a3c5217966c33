/**
 * The oracle's schema of a golden table: `schemaString` of the newest `metaData` action in the JSON
 * commits (PROTOCOL.md, "Change Metadata": the latest metaData wins). The expected parquet carries only
 * column names and Parquet types, and an INT96 column could be a `timestamp` or a `timestamp_ntz`, so the
 * expected side needs the Delta types. Every golden table with expected parquet keeps its newest
 * metaData in a JSON commit, so checkpoints are not needed here (checked when this was written).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StructType } from '../../types/data-types.js';
import { parseStructJson } from './schema-json.js';

const COMMIT_FILE = /^\d{20}\.json$/;

export async function latestSchemaFromJsonCommits(tableDir: string): Promise<StructType> {
  const logDir = join(tableDir, '_delta_log');
  const commits = (await readdir(logDir)).filter((f) => COMMIT_FILE.test(f)).sort();
  for (const file of commits.reverse()) {
    const text = await readFile(join(logDir, file), 'utf8');
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    for (const line of lines.reverse()) {
      const action = JSON.parse(line) as { metaData?: { schemaString?: string } };
      const schemaString = action.metaData?.schemaString;
      if (schemaString !== undefined) return parseStructJson(JSON.parse(schemaString));
    }
  }
  throw new Error(`${logDir}: no JSON commit holds a metaData action with a schemaString`);
}
