/**
 * commitInfo.userMetadata (Delta's DeltaSQLConf.DELTA_USER_METADATA): every commit a statement makes —
 * WRITE, UPDATE, DELETE, MERGE, CREATE TABLE — records `spark.databricks.delta.commitInfo.userMetadata`
 * when the session sets it (the DataFrameWriter's `userMetadata` option sets the same key for its write).
 */
import type { CommandContext } from '../command-context.js';

export const USER_METADATA_KEY = 'spark.databricks.delta.commitInfo.userMetadata';

export function userMetadataOf(session: Pick<CommandContext, 'conf'>): { userMetadata?: string } {
  const v = session.conf.get(USER_METADATA_KEY);
  return v === undefined ? {} : { userMetadata: v };
}
