/**
 * The `lakesql ui` server: Node's own http server for the page's files and the JSON API, and a WebSocket
 * (the `ws` package) for running statements. Every `/api/*` request and the WebSocket need the token
 * (access.ts); the page itself is served once the token is shown, and sets a cookie for the rest.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { SqlSession } from '../../exec/session/sql-session.js';
import { type AccessPolicy, checkAccess, newToken, sameOrigin, tokenCookie } from './access.js';
import { handleApi } from './api-routes.js';
import { sendJson, sendText } from './http-answers.js';
import { serveRunSocket } from './run-socket.js';
import { staticFile, WEB_ROOT } from './static-files.js';
import { UiContext } from './ui-context.js';

export interface UiServerOptions {
  readonly session: SqlSession;
  /** 127.0.0.1 unless given: the warehouse is not for the network. */
  readonly host?: string;
  /** 0 (or none) picks a free port. */
  readonly port?: number;
  /** The token to require; a random one unless given (tests give their own). */
  readonly token?: string;
  /** Where the page's built files are (dist/web unless given). */
  readonly webRoot?: string;
}

export interface UiServer {
  /** `http://HOST:PORT/?token=…`, the address to open. */
  readonly url: string;
  readonly port: number;
  readonly token: string;
  readonly context: UiContext;
  close(): Promise<void>;
}

export const DEFAULT_UI_HOST = '127.0.0.1';

export async function startUiServer(options: UiServerOptions): Promise<UiServer> {
  const host = options.host ?? DEFAULT_UI_HOST;
  const token = options.token ?? newToken();
  const context = new UiContext(options.session);
  const webRoot = options.webRoot ?? WEB_ROOT;
  let policy: AccessPolicy = { token, host, port: 0 };

  const server: Server = createServer((req, res) => {
    void handleRequest(req, res, policy, context, webRoot).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(e instanceof Error ? e.message : String(e));
    });
  });
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const access =
      new URL(req.url ?? '/', 'http://localhost').pathname === '/api/ws'
        ? checkAccess(req, policy)
        : ({ ok: false, status: 403 } as const);
    if (!access.ok) {
      socket.end(`HTTP/1.1 ${access.status} ${access.status === 401 ? 'Unauthorized' : 'Forbidden'}\r\n\r\n`);
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => serveRunSocket(ws, context));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  policy = { token, host, port };
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}/?token=${token}`,
    port,
    token,
    context,
    async close() {
      context.cancel();
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function handleRequest(
  req: IncomingMessage,
  res: ServerResponse,
  policy: AccessPolicy,
  context: UiContext,
  webRoot: string,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname.startsWith('/api/')) {
    const access = checkAccess(req, policy);
    if (!access.ok) return sendJson(res, access.status, refusal(access.status));
    return handleApi(req, res, url, context);
  }
  if (!sameOrigin(req, policy)) return sendJson(res, 403, refusal(403));
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { message: 'GET only' });
  const file = await staticFile(webRoot, url.pathname);
  if (file === undefined) {
    return url.pathname === '/'
      ? sendText(res, 500, `The page's files are missing from ${webRoot}: run npm run build.`)
      : sendText(res, 404, 'Not found');
  }
  const headers: Record<string, string> = {
    'content-type': file.contentType,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
  };
  // The page opened with the right token keeps it in a cookie, so its own requests need not repeat it.
  if (checkAccess(req, policy).ok) headers['set-cookie'] = tokenCookie(policy.token);
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : file.body);
}

function refusal(status: 401 | 403) {
  return status === 401
    ? { message: 'A token is required: open the address `lakesql ui` printed, with its ?token=…' }
    : { message: 'Cross-origin requests are refused.' };
}
