/** The options every session-opening command shares: `--warehouse DIR` and repeatable `--conf key=value`. */
import { type Command, InvalidArgumentError } from 'commander';
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

/**
 * Declares --warehouse and --conf on a command. The program declares them too, so both
 * `lakesql --warehouse w sql …` and `lakesql sql --warehouse w …` work.
 */
export function addSessionOptions(command: Command): Command {
  return command
    .option('--warehouse <dir>', 'warehouse folder (spark.sql.warehouse.dir)')
    .option(
      '--conf <key=value>',
      'a configuration key, e.g. spark.sql.session.timeZone=UTC (repeatable)',
      collectConf,
    );
}

/** The session options given to `command` and to every command above it; the nearer one wins. */
export function sessionOptions(command: Command): SessionOptions {
  const chain: Command[] = [];
  for (let c: Command | null = command; c !== null; c = c.parent) chain.unshift(c);
  let warehouse: string | undefined;
  let conf: Record<string, string> | undefined;
  for (const c of chain) {
    const opts = c.opts<SessionOptions>();
    if (opts.warehouse !== undefined) warehouse = opts.warehouse;
    if (opts.conf !== undefined) conf = { ...conf, ...opts.conf };
  }
  return {
    ...(warehouse !== undefined ? { warehouse } : {}),
    ...(conf !== undefined ? { conf } : {}),
  };
}

export function openSession(options: SessionOptions): Promise<LakeSession> {
  return LakeSession.create({
    ...(options.warehouse !== undefined ? { warehouse: options.warehouse } : {}),
    ...(options.conf !== undefined ? { conf: options.conf } : {}),
  });
}
