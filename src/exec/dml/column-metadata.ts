/**
 * Where Delta and Spark keep the column features in a table's schema and configuration:
 * - `CURRENT_DEFAULT` field metadata: the DEFAULT expression text (Spark's ResolveDefaultColumns).
 * - `delta.generationExpression`: a generated column's expression (Delta's GeneratedColumn).
 * - `delta.identity.*`: an identity column's start, step, high-water mark and whether explicit values are
 *   allowed (Delta's IdentityColumn; PROTOCOL.md "Identity Columns").
 * - `delta.constraints.<name>` table properties: CHECK constraints (PROTOCOL.md "Check Constraints").
 */
import type { Metadata } from '../../delta/actions.js';
import type { StructField } from '../../types/data-types.js';

export const CURRENT_DEFAULT = 'CURRENT_DEFAULT';
export const GENERATION_EXPRESSION = 'delta.generationExpression';
export const IDENTITY_START = 'delta.identity.start';
export const IDENTITY_STEP = 'delta.identity.step';
export const IDENTITY_HIGH_WATER_MARK = 'delta.identity.highWaterMark';
export const IDENTITY_ALLOW_EXPLICIT_INSERT = 'delta.identity.allowExplicitInsert';
export const CONSTRAINT_PREFIX = 'delta.constraints.';

/** The DEFAULT expression text of a column, if it has one. */
export function defaultText(f: StructField): string | undefined {
  const v = f.metadata[CURRENT_DEFAULT];
  return typeof v === 'string' ? v : undefined;
}

export function generationExpressionText(f: StructField): string | undefined {
  const v = f.metadata[GENERATION_EXPRESSION];
  return typeof v === 'string' ? v : undefined;
}

export interface IdentityInfo {
  readonly start: bigint;
  readonly step: bigint;
  /** The highest value handed out so far (lowest for a negative step); undefined before the first. */
  readonly highWaterMark: bigint | undefined;
  /** BY DEFAULT: an INSERT may give the value itself. */
  readonly allowExplicitInsert: boolean;
}

export function identityInfo(f: StructField): IdentityInfo | undefined {
  const start = f.metadata[IDENTITY_START];
  if (start === undefined) return undefined;
  const hwm = f.metadata[IDENTITY_HIGH_WATER_MARK];
  return {
    start: BigInt(start as number | string | bigint),
    step: BigInt((f.metadata[IDENTITY_STEP] as number | string | bigint | undefined) ?? 1),
    highWaterMark: hwm === undefined || hwm === null ? undefined : BigInt(hwm as number | string | bigint),
    allowExplicitInsert: f.metadata[IDENTITY_ALLOW_EXPLICIT_INSERT] === true,
  };
}

/** The table's CHECK constraints, name -> Spark SQL expression text, in configuration order. */
export function checkConstraints(metadata: Pick<Metadata, 'configuration'>): [string, string][] {
  return Object.entries(metadata.configuration)
    .filter(([k]) => k.startsWith(CONSTRAINT_PREFIX))
    .map(([k, v]) => [k.slice(CONSTRAINT_PREFIX.length), v]);
}
