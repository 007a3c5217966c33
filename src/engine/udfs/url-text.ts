/**
 * Java's URL codecs and java.net.URI's split of a URL, as Spark's UrlEncode / UrlDecode / ParseUrl use them:
 * - URLEncoder.encode(s, UTF-8): letters, digits and `.-*_` stay, a space is `+`, every other UTF-8 byte `%XX`.
 * - URLDecoder.decode(s, UTF-8): `+` is a space, runs of `%XX` are UTF-8 bytes (malformed ones U+FFFD); a
 *   `%` without two hex digits is invalid (undefined here).
 * - parse_url: RFC 2396's split (java.net.URI), raw components, undefined for a URL java.net.URI refuses.
 */

const KEEP = /[A-Za-z0-9.\-*_]/;
const utf8 = new TextEncoder();
const lenient = new TextDecoder('utf-8', { fatal: false });

export function javaUrlEncode(s: string): string {
  let out = '';
  for (const ch of s) {
    if (KEEP.test(ch)) out += ch;
    else if (ch === ' ') out += '+';
    else {
      // A lone surrogate is encoded as `?` by Java's encoder.
      const bytes = utf8.encode(/[\uD800-\uDFFF]/.test(ch) ? '?' : ch);
      for (const b of bytes) out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    }
  }
  return out;
}

export function javaUrlDecode(s: string): string | undefined {
  let out = '';
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '+') {
      out += ' ';
      i++;
    } else if (c === '%') {
      const bytes: number[] = [];
      while (i < s.length && s[i] === '%') {
        const hex = s.slice(i + 1, i + 3);
        if (!/^[0-9a-fA-F]{2}$/.test(hex)) return undefined;
        bytes.push(Number.parseInt(hex, 16));
        i += 3;
      }
      out += lenient.decode(new Uint8Array(bytes));
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

// java.net.URI accepts these characters (RFC 2396 plus `[` `]` for IPv6 hosts and non-ASCII "other" chars).
const URI_CHARS = /^(?:[A-Za-z0-9\-_.!~*'();/?:@&=+$,#[\]]|%[0-9A-Fa-f]{2}|\P{ASCII})*$/u;
const SPLIT = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;
const SCHEME = /^[A-Za-z][A-Za-z0-9+\-.]*$/;
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9\-.]*[A-Za-z0-9])?)$/;

export interface UrlParts {
  readonly scheme: string | null;
  readonly authority: string | null;
  readonly userInfo: string | null;
  readonly host: string | null;
  readonly path: string | null;
  readonly query: string | null;
  readonly fragment: string | null;
}

/** The raw components java.net.URI gives for `url`, or undefined when it throws URISyntaxException. */
export function splitUrl(url: string): UrlParts | undefined {
  if (!URI_CHARS.test(url)) return undefined;
  const m = SPLIT.exec(url);
  if (!m) return undefined;
  const [, scheme, authority, path = '', query, fragment] = m;
  if (scheme !== undefined && !SCHEME.test(scheme)) return undefined;
  if (url.startsWith(':')) return undefined;
  if (fragment?.includes('#')) return undefined;
  if (scheme !== undefined && authority === undefined && !path.startsWith('/')) {
    // An opaque URI (mailto:a@b): only the scheme and fragment.
    if (path === '') return undefined;
    return {
      scheme,
      authority: null,
      userInfo: null,
      host: null,
      path: null,
      query: null,
      fragment: fragment ?? null,
    };
  }
  let userInfo: string | null = null;
  let host: string | null = null;
  if (authority !== undefined && authority !== '') {
    const at = authority.lastIndexOf('@');
    const hostPort = at >= 0 ? authority.slice(at + 1) : authority;
    const colon = hostPort.startsWith('[')
      ? hostPort.indexOf(':', hostPort.indexOf(']'))
      : hostPort.lastIndexOf(':');
    const h = colon >= 0 ? hostPort.slice(0, colon) : hostPort;
    const port = colon >= 0 ? hostPort.slice(colon + 1) : '';
    // A server-based authority; otherwise java.net.URI keeps it as registry-based (no host nor user info).
    if (HOST.test(h) && /^\d*$/.test(port)) {
      host = h;
      userInfo = at >= 0 ? authority.slice(0, at) : null;
    }
  }
  return {
    scheme: scheme ?? null,
    authority: authority === undefined || authority === '' ? null : authority,
    userInfo,
    host,
    path,
    query: query ?? null,
    fragment: fragment ?? null,
  };
}

/** Spark's ParseUrl of a parsed URL: the part, or the value of `key` in the query. */
export function urlPart(parts: UrlParts, part: string, key?: string | null): string | null {
  switch (part) {
    case 'HOST':
      return parts.host;
    case 'PATH':
      return parts.path;
    case 'QUERY':
      if (key === undefined) return parts.query;
      if (key === null || parts.query === null) return null;
      // Spark splices the key into its pattern unescaped: `(&|^)key=([^&]*)`.
      try {
        return new RegExp(`(?:&|^)${key}=([^&]*)`).exec(parts.query)?.[1] ?? null;
      } catch {
        return null;
      }
    case 'REF':
      return parts.fragment;
    case 'PROTOCOL':
      return parts.scheme;
    case 'FILE':
      return parts.query !== null ? `${parts.path ?? ''}?${parts.query}` : parts.path;
    case 'AUTHORITY':
      return parts.authority;
    case 'USERINFO':
      return parts.userInfo;
    default:
      return null;
  }
}

const SOUNDEX_CODES = '01230127022455012623017202';

/** Spark's UTF8String.soundex: the input itself when it does not start with an ASCII letter. */
export function soundex(s: string): string {
  if (s === '') return '';
  const first = s[0]!.toUpperCase();
  if (!/^[A-Z]$/.test(s[0]!.toUpperCase()) || !/^[A-Za-z]$/.test(s[0]!)) return s;
  const out = [first, '0', '0', '0'];
  let n = 1;
  let last = SOUNDEX_CODES[first.charCodeAt(0) - 65]!;
  for (let i = 1; i < s.length && n < 4; i++) {
    const c = s[i]!;
    if (!/^[A-Za-z]$/.test(c)) {
      last = '0';
      continue;
    }
    const code = SOUNDEX_CODES[c.toUpperCase().charCodeAt(0) - 65]!;
    if (code === '7') continue;
    if (code !== '0' && code !== last) out[n++] = code;
    last = code;
  }
  return out.join('');
}
