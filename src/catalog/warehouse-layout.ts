/**
 * Where the catalog keeps things inside the warehouse (`spark.sql.warehouse.dir`):
 * - `_lakesql_catalog/databases/<encoded>.json`: one file per database other than an unaltered `default`;
 * - `_lakesql_catalog/tables/<encoded db>/<encoded table>.json`: one file per table or view;
 * - `_lakesql_catalog/claims/<id>.takeover`: briefly, while an abandoned create's entry is taken over;
 * - data: `default` is the warehouse root (Spark puts default-database managed tables at
 *   `<warehouse>/<table>`), another database is `<warehouse>/<name>.db`, a managed table `<db location>/<table>`.
 * The leading `_` keeps the catalog folder out of Spark's and Hadoop's listings of the warehouse.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { encodeEntryName } from './name-encoding.js';

export const CATALOG_FOLDER = '_lakesql_catalog';
export const DATABASES_PREFIX = `${CATALOG_FOLDER}/databases/`;
export const TABLES_PREFIX = `${CATALOG_FOLDER}/tables/`;
/** Markers of takeovers of abandoned creation claims (catalog.ts), one per claim being taken over. */
export const CLAIMS_PREFIX = `${CATALOG_FOLDER}/claims/`;

export function databaseKey(database: string): string {
  return `${DATABASES_PREFIX}${encodeEntryName(database)}.json`;
}

export function tablesPrefix(database: string): string {
  return `${TABLES_PREFIX}${encodeEntryName(database)}/`;
}

export function tableKey(database: string, name: string): string {
  return `${tablesPrefix(database)}${encodeEntryName(name)}.json`;
}

/** A location URL without its trailing slash (`file:///wh/`, the store's rootUrl, becomes `file:///wh`). */
export function trimSlash(location: string): string {
  return location.length > 1 && location.endsWith('/') ? location.slice(0, -1) : location;
}

/** The location of folder `name` inside `parent`: the name is percent-encoded as a URL path segment. */
export function childLocation(parent: string, name: string): string {
  return `${trimSlash(parent)}/${encodeURIComponent(name)}`;
}

/**
 * A user's LOCATION as a URL: a plain path (absolute, or relative to the working directory, as Spark
 * qualifies it against the default filesystem) becomes a `file:` URL; URLs are kept as written.
 */
export function qualifyLocation(pathOrUrl: string): string {
  if (/^[A-Za-z][A-Za-z0-9+.-]+:/.test(pathOrUrl)) return trimSlash(pathOrUrl);
  return trimSlash(pathToFileURL(resolve(pathOrUrl)).href);
}
