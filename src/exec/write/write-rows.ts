/**
 * The rows a write takes from a query (CREATE TABLE … AS SELECT, a DataFrame's save / saveAsTable / writeTo):
 * analyzed once, their column names checked for repeats as Spark checks a new table's columns
 * (SchemaUtils.checkColumnNameDuplication, case-insensitive: COLUMN_ALREADY_EXISTS names the repeat
 * lower-cased), their Delta schema (every column nullable, as Spark's CTAS writes it), and the SQL that
 * produces them under those names.
 */

import { assertUniqueColumnNames, rawType, toDeltaField } from '../../plan/types/sql-schema.js';
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
  // A column read from a CHAR/VARCHAR column keeps that type in the new table (CTAS over char_tbl).
  const schema = struct(plan.output.map((a) => toDeltaField(a.name, rawType(a.type, a.metadata), true)));
  return { schema, compiled: await compileNamedQuery(session.engine, plan, session.semantics) };
}
