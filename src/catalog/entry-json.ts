/**
 * The JSON files of `<warehouse>/_lakesql_catalog/`. Every file carries `"format": 1` so that a later
 * lakesql can migrate entries it did not write. Unknown keys are ignored on read (a newer writer may add
 * some); a file that does not parse is a corrupt catalog and fails loudly with its key.
 */
import type {
  CatalogDatabase,
  CatalogDataTable,
  CatalogTable,
  CatalogView,
  TableBucketSpec,
  TableProvider,
} from './catalog-types.js';
import { dataTypeToJson, type Json, structFromJson } from './data-type-json.js';

const FORMAT = 1;

export function databaseToJson(db: CatalogDatabase): string {
  const out: Record<string, Json> = {
    format: FORMAT,
    name: db.name,
    comment: db.comment,
    location: db.location,
    properties: db.properties,
  };
  if (db.owner !== undefined) out.owner = db.owner;
  return `${JSON.stringify(out, null, 2)}\n`;
}

export function databaseFromJson(text: string, key: string): CatalogDatabase {
  const o = parseObject(text, key);
  const db: CatalogDatabase = {
    name: str(o, 'name', key),
    comment: typeof o.comment === 'string' ? o.comment : '',
    location: str(o, 'location', key),
    properties: strMap(o.properties, key),
  };
  return typeof o.owner === 'string' ? { ...db, owner: o.owner } : db;
}

export function tableToJson(t: CatalogTable): string {
  const out: Record<string, Json> = {
    format: FORMAT,
    database: t.identifier.database,
    name: t.identifier.name,
    tableType: t.tableType,
    properties: t.properties,
    createdTime: t.createdTime,
  };
  if (t.comment !== undefined) out.comment = t.comment;
  if (t.owner !== undefined) out.owner = t.owner;
  if (t.tableType === 'VIEW') {
    out.viewText = t.viewText;
    out.viewSchema = dataTypeToJson(t.viewSchema);
    out.viewQueryColumnNames = t.viewQueryColumnNames;
    out.viewCatalogAndNamespace = t.viewCatalogAndNamespace;
    if (t.collation !== undefined) out.collation = t.collation;
  } else {
    out.provider = t.provider;
    out.location = t.location;
    out.partitionColumns = t.partitionColumns;
    out.options = t.options;
    if (t.schema !== undefined) out.schema = dataTypeToJson(t.schema);
    if (t.bucketSpec !== undefined) {
      out.bucketSpec = {
        numBuckets: t.bucketSpec.numBuckets,
        bucketColumnNames: [...t.bucketSpec.bucketColumnNames],
        sortColumnNames: [...t.bucketSpec.sortColumnNames],
      };
    }
  }
  return `${JSON.stringify(out, null, 2)}\n`;
}

export function tableFromJson(text: string, key: string): CatalogTable {
  const o = parseObject(text, key);
  const common = {
    identifier: { database: str(o, 'database', key), name: str(o, 'name', key) },
    properties: strMap(o.properties, key),
    createdTime: typeof o.createdTime === 'number' ? o.createdTime : 0,
    ...(typeof o.comment === 'string' ? { comment: o.comment } : {}),
    ...(typeof o.owner === 'string' ? { owner: o.owner } : {}),
  };
  const tableType = o.tableType;
  if (tableType === 'VIEW') {
    const view: CatalogView = {
      ...common,
      tableType,
      viewText: str(o, 'viewText', key),
      viewSchema: structFromJson(o.viewSchema, `${key} viewSchema`),
      viewQueryColumnNames: strList(o.viewQueryColumnNames, key),
      viewCatalogAndNamespace: strList(o.viewCatalogAndNamespace, key),
      ...(typeof o.collation === 'string' ? { collation: o.collation } : {}),
    };
    return view;
  }
  if (tableType !== 'MANAGED' && tableType !== 'EXTERNAL') {
    throw new Error(`catalog entry ${key}: unknown tableType ${JSON.stringify(tableType)}`);
  }
  const table: CatalogDataTable = {
    ...common,
    tableType,
    provider: str(o, 'provider', key) as TableProvider,
    location: str(o, 'location', key),
    partitionColumns: strList(o.partitionColumns, key),
    options: strMap(o.options, key),
    ...(o.schema === undefined ? {} : { schema: structFromJson(o.schema, `${key} schema`) }),
    ...(o.bucketSpec === undefined ? {} : { bucketSpec: bucketSpecFromJson(o.bucketSpec, key) }),
  };
  return table;
}

function bucketSpecFromJson(v: unknown, key: string): TableBucketSpec {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    throw new Error(`catalog entry ${key}: "bucketSpec" must be an object`);
  }
  const o = v as Record<string, unknown>;
  if (typeof o.numBuckets !== 'number')
    throw new Error(`catalog entry ${key}: "numBuckets" must be a number`);
  return {
    numBuckets: o.numBuckets,
    bucketColumnNames: strList(o.bucketColumnNames, key),
    sortColumnNames: strList(o.sortColumnNames, key),
  };
}

function parseObject(text: string, key: string): Record<string, unknown> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new Error(`catalog entry ${key} is not JSON: ${(e as Error).message}`, { cause: e });
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new Error(`catalog entry ${key} is not a JSON object`);
  }
  return raw as Record<string, unknown>;
}

function str(o: Record<string, unknown>, name: string, key: string): string {
  const v = o[name];
  if (typeof v !== 'string') throw new Error(`catalog entry ${key}: "${name}" must be a string`);
  return v;
}

function strList(v: unknown, key: string): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
    throw new Error(`catalog entry ${key}: expected a list of strings`);
  }
  return v as string[];
}

function strMap(v: unknown, key: string): Record<string, string> {
  if (v === undefined) return {};
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    throw new Error(`catalog entry ${key}: expected an object of strings`);
  }
  for (const x of Object.values(v)) {
    if (typeof x !== 'string') throw new Error(`catalog entry ${key}: property values must be strings`);
  }
  return { ...(v as Record<string, string>) };
}
