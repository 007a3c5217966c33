/**
 * Auto Loader's check of its own option namespace: every `cloudFiles.*` key must be one Databricks
 * documents (https://docs.databricks.com/en/ingestion/cloud-object-storage/auto-loader/options.html),
 * else the stream fails at start with CF_UNKNOWN_OPTION_KEYS_ERROR naming the keys lower-cased; with
 * `cloudFiles.validateOptions` false, Databricks ignores unknown keys, and so does lakesql. A key that
 * Databricks knows but lakesql does not implement (file notifications, cloud credentials) is refused
 * with UNSUPPORTED_FEATURE rather than ignored.
 */
import { LakesqlError } from '../../errors/index.js';

/** The cloudFiles options this source implements (lower case). */
export const IMPLEMENTED_CLOUD_FILES_OPTIONS = new Set([
  'cloudfiles.format',
  'cloudfiles.schemalocation',
  'cloudfiles.infercolumntypes',
  'cloudfiles.schemahints',
  'cloudfiles.schemaevolutionmode',
  'cloudfiles.maxfilespertrigger',
  'cloudfiles.maxbytespertrigger',
  'cloudfiles.includeexistingfiles',
  'cloudfiles.allowoverwrites',
  'cloudfiles.partitioncolumns',
  'cloudfiles.validateoptions',
]);

/** Options Databricks documents for Auto Loader that lakesql does not run (lower case). */
const KNOWN_UNIMPLEMENTED = new Set([
  'cloudfiles.backfillinterval',
  'cloudfiles.cleansource',
  'cloudfiles.cleansource.retentionduration',
  'cloudfiles.cleansource.movedestination',
  'cloudfiles.maxfileage',
  'cloudfiles.usestrictglobber',
  'cloudfiles.usenotifications',
  'cloudfiles.usemanagedfileevents',
  'cloudfiles.useincrementallisting',
  'cloudfiles.fetchparallelism',
  'cloudfiles.pathrewrites',
  'cloudfiles.resourcetag',
  'cloudfiles.region',
  'cloudfiles.queueurl',
  'cloudfiles.queuename',
  'cloudfiles.connectionstring',
  'cloudfiles.resourcegroup',
  'cloudfiles.subscriptionid',
  'cloudfiles.tenantid',
  'cloudfiles.clientid',
  'cloudfiles.clientsecret',
  'cloudfiles.projectid',
  'cloudfiles.client',
  'cloudfiles.subscription',
  'cloudfiles.awsaccesskey',
  'cloudfiles.awssecretkey',
  'cloudfiles.rolearn',
  'cloudfiles.roleexternalid',
  'cloudfiles.rolesessionname',
  'cloudfiles.stsendpoint',
]);

/** Checks the `cloudFiles.*` keys of `options` (keys lower-cased, values as given). */
export function checkCloudFilesOptionKeys(options: ReadonlyMap<string, string>): void {
  const keys = [...options.keys()].filter((k) => k.startsWith('cloudfiles.'));
  const unimplemented = keys.find((k) => KNOWN_UNIMPLEMENTED.has(k));
  if (unimplemented !== undefined)
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `the Auto Loader option "${unimplemented}" (lakesql implements ${[...IMPLEMENTED_CLOUD_FILES_OPTIONS].join(', ')})`,
    });
  const validate = (options.get('cloudfiles.validateoptions') ?? 'true').trim().toLowerCase();
  if (validate === 'false') return;
  const unknown = keys.filter((k) => !IMPLEMENTED_CLOUD_FILES_OPTIONS.has(k));
  if (unknown.length > 0)
    throw new LakesqlError('CF_UNKNOWN_OPTION_KEYS_ERROR', {
      optionList: unknown.join(', '),
      validateOptions: 'validateOptions',
    });
}
