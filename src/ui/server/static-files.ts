/**
 * The page's built files (Vite's output, `dist/web`), served from the package itself: nothing is fetched
 * from a CDN at run time. The folder is found from this module's own place, which is `src/ui/server` when
 * run from source and `dist/ui/server` once built; both are three levels under the package root.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist/web');

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

export interface StaticFile {
  readonly body: Buffer;
  readonly contentType: string;
}

/** The file at URL path `urlPath` under `root`, or undefined when there is none (or it lies outside). */
export async function staticFile(root: string, urlPath: string): Promise<StaticFile | undefined> {
  const relative = decodeURIComponent(urlPath === '/' ? '/index.html' : urlPath);
  const file = path.resolve(root, `.${relative}`);
  if (!file.startsWith(`${root}${path.sep}`)) return undefined;
  try {
    return {
      body: await readFile(file),
      contentType: CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    };
  } catch {
    return undefined;
  }
}
