/**
 * Who may talk to the UI server. As Jupyter does, a random token printed with the address is required on
 * every `/api/*` request and WebSocket: in the `X-Lakesql-Token` header, the `token` query parameter, or the
 * cookie the page sets once the address was opened with it. Cross-origin requests are refused, and so is a
 * Host header naming another machine, so that a web page elsewhere (or a DNS name rebound to 127.0.0.1)
 * cannot reach the warehouse through the user's browser.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const TOKEN_COOKIE = 'lakesql_ui_token';
export const TOKEN_HEADER = 'x-lakesql-token';

export function newToken(): string {
  return randomBytes(24).toString('hex');
}

export type AccessDecision = { readonly ok: true } | { readonly ok: false; readonly status: 401 | 403 };

/** What a request is checked against: the token, and the port and host the server listens on. */
export interface AccessPolicy {
  readonly token: string;
  readonly port: number;
  readonly host: string;
}

export function checkAccess(req: IncomingMessage, policy: AccessPolicy): AccessDecision {
  if (!sameOrigin(req, policy)) return { ok: false, status: 403 };
  const given = tokenOf(req);
  return given !== undefined && sameToken(given, policy.token) ? { ok: true } : { ok: false, status: 401 };
}

/** The token a request carries, from the header, the query or the cookie, in that order. */
export function tokenOf(req: IncomingMessage): string | undefined {
  const header = req.headers[TOKEN_HEADER];
  if (typeof header === 'string') return header;
  const query = new URL(req.url ?? '/', 'http://localhost').searchParams.get('token');
  if (query !== null) return query;
  return cookies(req.headers.cookie)[TOKEN_COOKIE];
}

/**
 * The Host header must name this server on a loopback name or the address it was bound to, and an Origin,
 * when the browser sends one, must be the page's own (`http://` plus that same host).
 */
export function sameOrigin(req: IncomingMessage, policy: Pick<AccessPolicy, 'port' | 'host'>): boolean {
  const host = req.headers.host;
  if (host === undefined || !allowedHosts(policy.port, policy.host).has(host.toLowerCase())) return false;
  const origin = req.headers.origin;
  return origin === undefined || origin.toLowerCase() === `http://${host.toLowerCase()}`;
}

function allowedHosts(port: number, boundHost: string): Set<string> {
  const bound = boundHost.includes(':') ? `[${boundHost}]` : boundHost;
  const names = ['127.0.0.1', 'localhost', '[::1]', bound];
  return new Set(names.map((n) => `${n.toLowerCase()}:${port}`));
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = decodeURIComponent(part.slice(eq + 1).trim());
  }
  return out;
}

/** The cookie that lets the page's later requests through without the token in every URL. */
export function tokenCookie(token: string): string {
  return `${TOKEN_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict`;
}
