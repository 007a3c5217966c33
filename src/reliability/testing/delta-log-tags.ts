/**
 * The userMetadata of every commit in a Delta table's log, read straight from its JSON commit files: the
 * suites decide from the log which ops landed.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface LoggedCommit {
  readonly version: number;
  readonly userMetadata: string | undefined;
  /** The version the commit's transaction read (commitInfo.readVersion), when it read one. */
  readonly readVersion: number | undefined;
  readonly isBlindAppend: boolean;
}

interface CommitInfo {
  readonly userMetadata?: string;
  readonly readVersion?: number;
  readonly isBlindAppend?: boolean;
}

export async function loggedCommits(tableDir: string): Promise<LoggedCommit[]> {
  const log = path.join(tableDir, '_delta_log');
  let names: string[];
  try {
    names = await readdir(log);
  } catch {
    return [];
  }
  const out: LoggedCommit[] = [];
  for (const name of names.filter((n) => /^\d{20}\.json$/.test(n)).sort()) {
    const text = await readFile(path.join(log, name), 'utf8');
    let info: CommitInfo = {};
    for (const line of text.split('\n')) {
      if (line.includes('"commitInfo"')) info = (JSON.parse(line) as { commitInfo: CommitInfo }).commitInfo;
    }
    out.push({
      version: Number(name.slice(0, 20)),
      userMetadata: info.userMetadata,
      readVersion: info.readVersion,
      isBlindAppend: info.isBlindAppend === true,
    });
  }
  return out;
}

/** The op numbers whose commits are in the log (`op-<k>` tags). */
export async function landedOps(tableDir: string): Promise<Set<number>> {
  const out = new Set<number>();
  for (const c of await loggedCommits(tableDir)) {
    const k = opOf(c);
    if (k !== undefined) out.add(k);
  }
  return out;
}

/** The op number a commit's userMetadata names. */
export function opOf(c: LoggedCommit): number | undefined {
  const m = /^op-(\d+)$/.exec(c.userMetadata ?? '');
  return m ? Number(m[1]) : undefined;
}
