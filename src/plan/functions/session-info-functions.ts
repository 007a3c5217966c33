/**
 * Spark's session-information functions (misc.scala CurrentDatabase, CurrentCatalog, CurrentUser,
 * SparkVersion). Spark replaces them with literals before execution (ReplaceCurrentLike); lakesql folds
 * them at analysis.
 *
 * - current_database() / current_schema(): the session's current database; Spark 4 names both
 *   `current_schema()`.
 * - current_catalog(): `spark_catalog`, the only catalog.
 * - current_user() / user() / session_user(): the operating-system user running lakesql (Spark's
 *   Utils.getCurrentUserName: the SPARK_USER environment variable first).
 * - version(): Spark's `<version> <revision>` shape: the Spark release whose semantics lakesql follows,
 *   then `lakesql` where Spark prints its git revision.
 */
import { userInfo } from 'node:os';
import { StringType } from '../../types/data-types.js';
import type { FunctionSignature } from './function-signature.js';
import { checkArity } from './signature-kit.js';

/** The Spark release lakesql's SQL semantics follow. */
export const SPARK_VERSION = '4.0.0';

function currentUserName(): string {
  const fromEnv = process.env.SPARK_USER ?? process.env.USER ?? process.env.USERNAME;
  if (fromEnv) return fromEnv;
  try {
    return userInfo().username;
  } catch {
    return '';
  }
}

function constant(
  name: string,
  value: (currentDatabase: string | undefined) => string,
  extra: Partial<Pick<FunctionSignature, 'aliases' | 'prettyName'>> = {},
): FunctionSignature {
  return {
    name,
    kind: 'scalar',
    ...extra,
    resolve(args) {
      checkArity(name, args, 0);
      return { inputTypes: [], returnType: StringType, nullable: false };
    },
    fold: (_args, semantics) => value(semantics.currentDatabase),
  };
}

export const SESSION_INFO_FUNCTIONS: readonly FunctionSignature[] = [
  constant('current_database', (db) => db ?? 'default', {
    aliases: ['current_schema'],
    prettyName: () => 'current_schema()',
  }),
  constant('current_catalog', () => 'spark_catalog'),
  constant('current_user', currentUserName, { aliases: ['user', 'session_user'] }),
  constant('version', () => `${SPARK_VERSION} lakesql`),
];
