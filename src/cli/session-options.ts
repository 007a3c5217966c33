/** The options every session-opening command shares: `--warehouse DIR` and repeatable `--conf key=value`. */
import { InvalidArgumentError } from 'commander';
import { LakeSession } from '../api/lake-session.js';

export interface SessionOptions {
  readonly warehouse?: string;
  readonly conf?: Readonly<Record<string, string>>;
}

/** Commander's collector for `--conf key=value` (spark-sql's `--conf`): later keys win. */
export function collectConf(
  entry: string,
  previous: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const eq = entry.indexOf('=');
  if (eq <= 0) throw new InvalidArgumentError(`expected key=value, got '${entry}'`);
  return { ...previous, [entry.slice(0, eq).trim()]: entry.slice(eq + 1).trim() };
}

export function openSession(options: SessionOptions): Promise<LakeSession> {
  return LakeSession.create({
    ...(options.warehouse !== undefined ? { warehouse: options.warehouse } : {}),
    ...(options.conf !== undefined ? { conf: options.conf } : {}),
  });
}
