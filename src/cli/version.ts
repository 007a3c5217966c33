/** The package's version, read from package.json (two folders up from both src/cli and dist/cli). */
import { readFileSync } from 'node:fs';

export const LAKESQL_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
