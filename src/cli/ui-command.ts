/**
 * `lakesql ui [--warehouse DIR] [--port N] [--host H] [--no-open]`: the browser workspace on the warehouse.
 * Prints the address with its token, as Jupyter does, opens it unless --no-open, and serves until
 * interrupted (Ctrl-C closes the server and the session).
 */
import { InvalidArgumentError } from 'commander';
import { openSession, type SessionOptions } from './session-options.js';

/** The server's own default; repeated here so that other commands do not load the server to start. */
const DEFAULT_UI_HOST = '127.0.0.1';

export interface UiCommandOptions extends SessionOptions {
  readonly port?: number;
  readonly host?: string;
  /** Commander's `--no-open` sets open to false. */
  readonly open: boolean;
}

export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError('expected a port number from 0 to 65535');
  return port;
}

export async function runUiCommand(options: UiCommandOptions): Promise<void> {
  // Loaded here, not at the top: the server and its WebSocket library are for this command only.
  const { startUiServer } = await import('../ui/server/ui-server.js');
  const { openBrowser } = await import('../ui/server/open-browser.js');
  const session = await openSession(options);
  const server = await startUiServer({
    session: session.sqlSession,
    host: options.host ?? DEFAULT_UI_HOST,
    ...(options.port !== undefined ? { port: options.port } : {}),
  });
  process.stdout.write(`lakesql ui on ${session.sqlSession.warehouse}\n${server.url}\n`);
  if (options.open && !(await openBrowser(server.url))) {
    process.stderr.write('Could not open a browser: open the address above.\n');
  }
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  session.close();
}
