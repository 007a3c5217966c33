/**
 * The rows a write takes from a query (CREATE TABLE … AS SELECT, a DataFrame's save / saveAsTable / writeTo):
 * analyzed once, their column names checked for repeats as Spark checks a new table's columns
 * (SchemaUtils.checkColumnNameDuplication, case-insensitive: COLUMN_ALREADY_EXISTS names the repeat
 * lower-cased), their Delta schema (every column nullable, as Spark's CTAS writes it), and the SQL that
 * produces them under those names.
 */

import { assertUniqueColumnNames, toDeltaField } from '../../plan/types/sql-schema.js';
import type { Query } from '../../sql/ast/query.js';
import { type StructType, struct } from '../../types/data-types.js';
import type { CommandContext } from '../command-context.js';
import { type CompiledQuery, compileNamedQuery } from '../query/run-query.js';

export interface WriteRows {
  readonly schema: StructType;
  /** The rows under the schema's names; release() it once written. */
  readonly compiled: CompiledQuery;
}

export async function compileWriteRows(session: CommandContext, query: Query): Promise<WriteRows> {
  const plan = await session.analyze(query);
  assertUniqueColumnNames(plan.output.map((a) => a.name));
  const schema = struct(plan.output.map((a) => toDeltaField(a.name, a.type, true)));
  return { schema, compiled: await compileNamedQuery(session.engine, plan, session.semantics) };
}
