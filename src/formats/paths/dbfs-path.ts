/**
 * Databricks paths on a local machine: `dbfs:/FileStore/x.csv` and the FUSE form `/dbfs/FileStore/x.csv`
 * both name `<lakesql.dbfs.root>/FileStore/x.csv`, so notebook code runs as written. Every other path
 * (local paths, `file:` URIs, `memory://`) passes through unchanged for storeForUrl to interpret.
 */

/** The session conf key naming the local folder that stands for DBFS. */
export const DBFS_ROOT_CONF = 'lakesql.dbfs.root';

/** `<warehouse>/../dbfs`: beside the warehouse folder, as Databricks keeps DBFS beside `/user/hive/warehouse`. */
export function defaultDbfsRoot(warehouseDir: string): string {
  const trimmed = warehouseDir.replace(/[\\/]+$/, '');
  const cut = trimmed.lastIndexOf('/');
  return cut <= 0 ? 'dbfs' : `${trimmed.slice(0, cut)}/dbfs`;
}

export function resolveDbfsPath(path: string, dbfsRoot: string): string {
  const rest = dbfsRelative(path);
  if (rest === undefined) return path;
  const root = dbfsRoot.replace(/\/+$/, '');
  return rest === '' ? root : `${root}/${rest}`;
}

/** The part of a DBFS path after its root (`dbfs:/a/b`, `dbfs:///a/b`, `/dbfs/a/b` -> `a/b`), else undefined. */
function dbfsRelative(path: string): string | undefined {
  const uri = /^dbfs:\/*(.*)$/i.exec(path);
  if (uri) return uri[1]!.replace(/\/+$/, '');
  const fuse = /^\/dbfs(?:\/(.*))?$/.exec(path);
  if (fuse) return (fuse[1] ?? '').replace(/\/+$/, '');
  return undefined;
}
