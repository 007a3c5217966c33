/**
 * Error classes of view schema binding (Spark 4's `WITH SCHEMA BINDING | COMPENSATION | [TYPE] EVOLUTION`),
 * with Spark's names, SQLSTATEs and messages (error-conditions.json).
 */
export const VIEW_SCHEMA_ERROR_CLASSES = {
  FEATURE_NOT_ENABLED: {
    sqlState: '56038',
    message:
      'The feature <featureName> is not enabled. Consider setting the config <configKey> to <configValue> to enable this capability.',
  },
  'UNSUPPORTED_FEATURE.TEMPORARY_VIEW_WITH_SCHEMA_BINDING_MODE': {
    sqlState: '0A000',
    message:
      'The feature is not supported: Temporary views cannot be created with the WITH SCHEMA clause. Recreate the temporary view when the underlying schema changes, or use a persisted view.',
  },
  INCOMPATIBLE_VIEW_SCHEMA_CHANGE: {
    sqlState: '51024',
    message:
      'The SQL query of view <viewName> has an incompatible schema change and column <colName> cannot be resolved. Expected <expectedNum> columns named <colName> but got <actualCols>.\nPlease try to re-create the view by running: <suggestion>.',
  },
  INVALID_TEMP_OBJ_REFERENCE: {
    sqlState: '42K0F',
    message:
      'Cannot create the persistent object <objName> of the type <obj> because it references to the temporary object <tempObjName> of the type <tempObj>. Please make the temporary object <tempObjName> persistent, or make the persistent object <objName> temporary.',
  },
  CANNOT_UP_CAST_DATATYPE: {
    sqlState: '42846',
    message: 'Cannot up cast <expression> from <sourceType> to <targetType>.\n<details>',
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;
