/**
 * A table's entry while its creator writes the first commit: the entry file is published at once (so of
 * racing creators exactly one wins the name), but it carries a `creating` claim and stays invisible to
 * every lookup until the claim is lifted. A creator killed mid-write (SIGKILL inside a CTAS) leaves such a
 * claim behind; it is "abandoned" once its process is gone, and the next creator of the name takes it over
 * (catalog.ts), so a killed CTAS leaves no zombie table.
 *
 * A Delta table whose folder held no log when claimed counts as created as soon as its version 0 exists:
 * that commit is the atomic point, and a creator killed between it and lifting the claim still made a table.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { ObjectNotFoundError, storeForUrl } from '../storage/index.js';
import { processIsAlive } from '../storage/process-liveness.js';
import type { CatalogTable } from './catalog-types.js';

export interface CreationClaim {
  /** Unique per claim: a takeover deletes only the claim it judged abandoned, never a newer one. */
  readonly id: string;
  readonly host: string;
  readonly pid: number;
  /** When the claim was made (ms since the epoch). */
  readonly since: number;
  /** The table's folder held a Delta log already (CREATE over an existing table, an allowed CTAS). */
  readonly hadLog: boolean;
  /** The folder was missing or empty: whatever is in it after the creator died, the creator wrote. */
  readonly emptyFolder: boolean;
}

/**
 * A claim from another host can only be judged by its age: after this long (ms) its creator is taken for
 * dead. On one host the creator's process id answers at once.
 */
export const CLAIM_STALE_MS = 24 * 60 * 60 * 1000;

export function newClaim(hadLog: boolean, emptyFolder: boolean): CreationClaim {
  return { id: randomUUID(), host: hostname(), pid: process.pid, since: Date.now(), hadLog, emptyFolder };
}

/** The entry's JSON text with the claim added as its `creating` field. */
export function withClaim(entryJson: string, claim: CreationClaim): string {
  return `${JSON.stringify({ ...JSON.parse(entryJson), creating: claim }, null, 2)}\n`;
}

/** The `creating` claim of an entry's JSON text, or undefined for a published entry. */
export function claimFromJson(text: string): CreationClaim | undefined {
  const creating = (JSON.parse(text) as { creating?: unknown }).creating;
  if (typeof creating !== 'object' || creating === null) return undefined;
  const c = creating as Record<string, unknown>;
  return {
    id: String(c.id),
    host: String(c.host),
    pid: Number(c.pid),
    since: Number(c.since),
    hadLog: c.hadLog === true,
    emptyFolder: c.emptyFolder === true,
  };
}

/** True when the claim's creator is gone: its process no longer runs on this host, or the claim is stale. */
export function isClaimAbandoned(claim: CreationClaim, now = Date.now()): boolean {
  if (now - claim.since > CLAIM_STALE_MS) return true;
  return claim.host === hostname() && !processIsAlive(claim.pid);
}

const FIRST_COMMIT = '_delta_log/00000000000000000000.json';

/** True when a claimed Delta table's first commit exists: the table was created, whatever became of its creator. */
export async function claimCommitted(table: CatalogTable, claim: CreationClaim): Promise<boolean> {
  if (table.tableType === 'VIEW' || claim.hadLog || table.provider.toLowerCase() !== 'delta') return false;
  try {
    await storeForUrl(table.location).head(FIRST_COMMIT);
    return true;
  } catch (e) {
    if (e instanceof ObjectNotFoundError) return false;
    throw e;
  }
}
