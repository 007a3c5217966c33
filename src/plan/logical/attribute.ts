/**
 * An Attribute is one column of a relation as the analyzer sees it: Spark's AttributeReference. Its `id` is
 * unique within a statement, so that two columns with the same name (a self-join, `t1.id` and `t2.id`) stay
 * apart all the way to the generated DuckDB SQL, where every column is named after its id.
 */
import type { DataType } from '../../types/data-types.js';

export interface Attribute {
  readonly id: number;
  readonly name: string;
  readonly type: DataType;
  readonly nullable: boolean;
  /** The relation names it can be qualified by (`t`, `db.t`), lower-case. */
  readonly qualifier: readonly string[];
  /** Set on Delta-table columns: the field's metadata (comments, column mapping), for DESCRIBE and writes. */
  readonly metadata?: Readonly<Record<string, unknown>>;
  /**
   * Reachable by a qualified name but not part of `*`: the other side's column of a JOIN … USING (Spark keeps
   * `t2.k` addressable after `t1 JOIN t2 USING (k)`).
   */
  readonly hidden?: boolean;
}

/** Hands out attribute ids for one statement. */
export class AttributeIds {
  private next = 1;
  fresh(name: string, type: DataType, nullable: boolean, qualifier: readonly string[] = []): Attribute {
    return { id: this.next++, name, type, nullable, qualifier };
  }
  copy(attr: Attribute, changes: Partial<Omit<Attribute, 'id'>> = {}): Attribute {
    return { ...attr, ...changes, id: this.next++ };
  }
}

/** The column name of an attribute in generated DuckDB SQL. */
export function columnAlias(attr: Pick<Attribute, 'id'>): string {
  return `c${attr.id}`;
}
