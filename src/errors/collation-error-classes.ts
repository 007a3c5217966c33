/**
 * Error classes of Spark 4's string collations (error-conditions.json): invalid names, explicit and implicit
 * collation mismatches, and expressions whose inputs have no single collation.
 */
export const COLLATION_ERROR_CLASSES = {
  COLLATION_INVALID_NAME: {
    sqlState: '42704',
    message:
      'The value <collationName> does not represent a correct collation name. Suggested valid collation names: [<proposals>].',
  },
  'COLLATION_MISMATCH.EXPLICIT': {
    sqlState: '42P21',
    message:
      'Could not determine which collation to use for string functions and operators. Error occurred due to the mismatch between explicit collations: [<explicitTypes>]. Decide on a single explicit collation and remove others.',
  },
  'COLLATION_MISMATCH.IMPLICIT': {
    sqlState: '42P21',
    message:
      'Could not determine which collation to use for string functions and operators. Error occurred due to the mismatch between implicit collations: [<implicitTypes>]. Use COLLATE function to set the collation explicitly.',
  },
  INDETERMINATE_COLLATION: {
    sqlState: '42P22',
    message:
      'Could not determine which collation to use for string operation. Use COLLATE clause to set the collation explicitly.',
  },
  INDETERMINATE_COLLATION_IN_EXPRESSION: {
    sqlState: '42P22',
    message:
      'Data type of <expr> has indeterminate collation. Use COLLATE clause to set the collation explicitly.',
  },
  /** lakesql's engine cannot compare with this collation as Spark does: refused rather than answered wrong. */
  'UNSUPPORTED_FEATURE.COLLATION': {
    sqlState: '0A000',
    message: 'The feature is not supported: collation <collationName> <reason>.',
  },
} as const;
