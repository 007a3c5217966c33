/**
 * unionByName (Spark's Union with byName): UNION ALL matching columns by name. With allowMissingColumns, a
 * column missing on one side is NULL there, and the other side's extra columns come last.
 */
import { LakesqlError } from '../../errors/index.js';
import { NO_SPAN } from '../../sql/ast/common.js';
import { type Frame, queryFrame, selectOver } from '../../sql/ast/frame.js';
import { aliased, columnRef, query } from '../../sql/ast/node-builders.js';
import type { DataFrame } from './dataframe.js';
import { typedNull } from './value-literal.js';

export async function unionByNameFrame(
  self: DataFrame,
  f: Frame,
  other: DataFrame,
  allowMissingColumns: boolean,
): Promise<Frame> {
  const [left, right] = [await self.schema(), await other.schema()];
  const rightByName = new Map(right.fields.map((fl) => [fl.name.toLowerCase(), fl]));
  const leftNames = new Set(left.fields.map((fl) => fl.name.toLowerCase()));
  if (!allowMissingColumns) {
    if (left.fields.length !== right.fields.length) {
      throw new LakesqlError('NUM_COLUMNS_MISMATCH', {
        operator: 'UNION',
        firstNumColumns: left.fields.length,
        invalidOrdinalNum: 'second',
        invalidNumColumns: right.fields.length,
      });
    }
    const missing = left.fields.find((fl) => !rightByName.has(fl.name.toLowerCase()));
    if (missing) {
      throw new LakesqlError('UNRESOLVED_COLUMN.WITH_SUGGESTION', {
        objectName: `\`${missing.name}\``,
        proposal: right.fields.map((fl) => `\`${fl.name}\``).join(', '),
      });
    }
  }
  const extra = right.fields.filter((fl) => !leftNames.has(fl.name.toLowerCase()));
  const leftItems = [
    ...left.fields.map((fl) => columnRef([fl.name])),
    ...extra.map((fl) => aliased(typedNull(fl.dataType.type), fl.name)),
  ];
  const rightItems = [
    ...left.fields.map((fl) => {
      const r = rightByName.get(fl.name.toLowerCase());
      return r ? columnRef([r.name]) : aliased(typedNull(fl.dataType.type), fl.name);
    }),
    ...extra.map((fl) => columnRef([fl.name])),
  ];
  const leftBody = selectOver(f, self.qualifier, leftItems);
  const rightBody = selectOver(await other.frame(), other.qualifier, rightItems);
  return queryFrame(
    query({
      kind: 'setOperation',
      op: 'UNION',
      all: true,
      left: leftBody,
      right: rightBody,
      span: NO_SPAN,
    }),
  );
}
