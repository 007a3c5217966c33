/**
 * A database's folder holds its managed tables, and DROP DATABASE … CASCADE deletes it (recursively when it
 * is the default `<name>.db`), so two databases must never share folders: a new database's location may not
 * equal, lie inside, or hold another database's location. The warehouse root is `default`'s folder, where
 * `default`'s tables live beside the other databases' default `<name>.db` folders: a location inside it is
 * only the database's own default folder, and a location holding it overlaps `default`.
 */
import { LakesqlError } from '../errors/index.js';
import type { CatalogDatabase } from './catalog-types.js';
import { quoteIdentifier } from './identifiers.js';
import { trimSlash } from './warehouse-layout.js';

/** True when `inner` is `outer` or lies inside it (locations are URLs without a trailing slash). */
function within(inner: string, outer: string): boolean {
  const a = trimSlash(inner);
  const b = trimSlash(outer);
  return a === b || a.startsWith(`${b}/`);
}

/**
 * INVALID_PARAMETER_VALUE.LOCATION_OVERLAP when `location` (of new database `name`, whose default folder is
 * `defaultLocation`) overlaps one of `existing` (`default` with the warehouse root included).
 */
export function assertDatabaseLocationFree(
  name: string,
  location: string,
  defaultLocation: string,
  existing: readonly CatalogDatabase[],
  warehouseLocation: string,
): void {
  for (const other of existing) {
    if (other.name === name) continue;
    const isWarehouse = trimSlash(other.location) === trimSlash(warehouseLocation);
    const overlaps = isWarehouse
      ? within(warehouseLocation, location) ||
        (within(location, warehouseLocation) && trimSlash(location) !== trimSlash(defaultLocation))
      : within(location, other.location) || within(other.location, location);
    if (!overlaps) continue;
    throw new LakesqlError('INVALID_PARAMETER_VALUE.LOCATION_OVERLAP', {
      path: location,
      overlappingLocation: `the folder of database ${quoteIdentifier(other.name)} ('${other.location}')`,
      caller: 'CREATE DATABASE',
      conflictingSummary: `Database ${quoteIdentifier(name)} needs a folder that no other database's folder holds or lies in.`,
    });
  }
}
