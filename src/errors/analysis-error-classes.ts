/**
 * Error classes of the analyzer (name resolution, grouping, statements), with Spark's names and SQLSTATEs
 * (error-conditions.json). Kept apart from the shared registry file so that the analyzer's list reads as one.
 */
export const ANALYSIS_ERROR_CLASSES = {
  UNSUPPORTED_GROUPING_EXPRESSION: {
    sqlState: '42K0E',
    message: 'grouping()/grouping_id() can only be used with GroupingSets/Cube/Rollup.',
  },
  _LEGACY_ERROR_TEMP_1006: {
    sqlState: '42000',
    message: 'Aggregate expression required for pivot, but <sql> did not appear in any aggregate function.',
  },
  NON_LITERAL_PIVOT_VALUES: {
    sqlState: '42K08',
    message: 'Literal expressions required for pivot values, found <expression>.',
  },
  PIVOT_VALUE_DATA_TYPE_MISMATCH: {
    sqlState: '42K09',
    message:
      'Invalid pivot value <value>: value data type <valueType> does not match pivot column data type <pivotType>.',
  },
  UNPIVOT_VALUE_SIZE_MISMATCH: {
    sqlState: '428C4',
    message: 'All unpivot value columns must have the same size as there are value column names (<names>).',
  },
  UNPIVOT_VALUE_DATA_TYPE_MISMATCH: {
    sqlState: '42K09',
    message: 'Unpivot value columns must share a least common type, some types do not: [<types>].',
  },
  UDTF_ALIAS_NUMBER_MISMATCH: {
    sqlState: '42802',
    message:
      'The number of aliases supplied in the AS clause does not match the number of columns output by the UDTF. Expected <aliasesSize> aliases, but got <aliasesNames>. Please ensure that the number of aliases provided matches the number of columns output by the UDTF.',
  },
  UNSUPPORTED_GENERATOR_MULTI_GENERATOR: {
    sqlState: '42K0E',
    message:
      'The generator is not supported: only one generator allowed per SELECT clause but found <num>: <generators>.',
  },
  'EXPECT_TABLE_NOT_VIEW.NO_ALTERNATIVE': {
    sqlState: '42809',
    message: "'<operation>' expects a table but <viewName> is a view.",
  },
  DELTA_UNSUPPORTED_DATA_TYPES: {
    sqlState: '0AKDC',
    message:
      'Found columns using unsupported data types: <dataTypeList>. You can set <config> to false to disable the type check.',
  },
  'INSERT_COLUMN_ARITY_MISMATCH.TOO_MANY_DATA_COLUMNS': {
    sqlState: '21S01',
    message:
      'Cannot write to <tableName>, the reason is too many data columns: Table columns: <tableColumns>. Data columns: <dataColumns>.',
  },
  'INSERT_COLUMN_ARITY_MISMATCH.NOT_ENOUGH_DATA_COLUMNS': {
    sqlState: '21S01',
    message:
      'Cannot write to <tableName>, the reason is not enough data columns: Table columns: <tableColumns>. Data columns: <dataColumns>.',
  },
  'CREATE_VIEW_COLUMN_ARITY_MISMATCH.NOT_ENOUGH_DATA_COLUMNS': {
    sqlState: '21S01',
    message:
      'Cannot create view <viewName>, the reason is not enough data columns: View columns: <viewColumns>. Data columns: <dataColumns>.',
  },
  'INCOMPATIBLE_DATA_FOR_TABLE.CANNOT_SAFELY_CAST': {
    sqlState: 'KD000',
    message:
      'Cannot write incompatible data for the table <tableName>: Cannot safely cast <colName> <srcType> to <targetType>.',
  },
  'INCOMPATIBLE_DATA_FOR_TABLE.NULLABLE_COLUMN': {
    sqlState: 'KD000',
    message:
      'Cannot write incompatible data for the table <tableName>: Cannot write nullable values to non-null column <colName>.',
  },
  'UNRESOLVED_COLUMN.WITH_SUGGESTION_IN_INSERT': {
    sqlState: '42703',
    message:
      'A column with name <objectName> cannot be resolved. Did you mean one of the following? [<proposal>].',
  },
  DELTA_CREATE_TABLE_SCHEME_MISMATCH: {
    sqlState: '42KD7',
    message:
      'The specified schema does not match the existing schema at <path>.\\n\\n== Specified ==\\n<specifiedSchema>\\n\\n== Existing ==\\n<existingSchema>\\n\\n== Differences ==\\n<schemaDifferences>',
  },
  DELTA_CREATE_TABLE_WITH_NON_EMPTY_LOCATION: {
    sqlState: '42601',
    message:
      'Cannot create table (<tableId>). The associated location (<tableLocation>) is not empty and also not a Delta table.',
  },
  DELTA_CANNOT_CREATE_TABLE_WITHOUT_SCHEMA: {
    sqlState: '42601',
    message:
      'The table <tableName> has no columns and <path> holds no Delta table: give the columns or an AS SELECT query.',
  },
  DUPLICATE_KEY_IN_COLUMN_LIST: {
    sqlState: '42701',
    message: 'Found duplicate column(s) in the column list: <columnName>.',
  },
  // lakesql's subclass for a value of the wrong form: Spark's parent message, then what the key takes
  // (Spark's ConfigBuilder says `<key> should be boolean, but was <value>`, without an error class).
  'INVALID_CONF_VALUE.REQUIREMENT': {
    sqlState: '22022',
    message: "The value '<confValue>' in the config <confName> is invalid. <requirement>",
  },
  'INVALID_CONF_VALUE.TIME_ZONE': {
    sqlState: '22022',
    message:
      "The value '<confValue>' in the config <confName> is invalid. Cannot resolve the given timezone.",
  },
  INVALID_USAGE_OF_STAR_OR_REGEX: {
    sqlState: '42000',
    message: 'Invalid usage of <elem> in <prettyName>.',
  },
  'DATATYPE_MISMATCH.INVALID_IN_SUBQUERY_NUMBER_OF_COLUMNS': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: The number of columns in the left hand side of an IN subquery does not match the number of columns in the output of subquery. Left hand side columns(length: <numValues>), right hand side columns(length: <numColumns>).',
  },
  INVALID_EXTRACT_BASE_FIELD_TYPE: {
    sqlState: '42000',
    message: "Can't extract a value from <base>. Need a complex type [STRUCT, ARRAY, MAP] but got <other>.",
  },
  FIELD_NOT_FOUND: {
    sqlState: '42704',
    message: 'No such struct field <fieldName> in <fields>.',
  },
  ASSIGNMENT_ARITY_MISMATCH: {
    sqlState: '42802',
    message:
      'The number of columns or variables assigned or aliased: <numTarget> does not match the number of source expressions: <numExpr>.',
  },
  'UNSUPPORTED_FEATURE.TIME_TRAVEL': {
    sqlState: '0A000',
    message: 'The feature is not supported: Time travel on the relation: <relationId>.',
  },
  INVALID_TIME_TRAVEL_SPEC: {
    sqlState: '42K0E',
    message:
      'Cannot specify both version and timestamp when time travelling the table, and the time travel specification must be a constant.',
  },
  'INVALID_INLINE_TABLE.NUM_COLUMNS_MISMATCH': {
    sqlState: '42000',
    message:
      'Invalid inline table. Inline table expected <expectedNumCols> columns but found <actualNumCols> columns in row <rowIndex>.',
  },
  'INVALID_INLINE_TABLE.INCOMPATIBLE_TYPES_IN_INLINE_TABLE': {
    sqlState: '42000',
    message: 'Invalid inline table. Found incompatible types in the column <colName> for inline table.',
  },
  UNRESOLVABLE_TABLE_VALUED_FUNCTION: {
    sqlState: '42883',
    message:
      'Could not resolve <name> to a table-valued function. Make sure that <name> is defined as a table-valued function and that all required parameters are provided correctly.',
  },
  UNRESOLVED_USING_COLUMN_FOR_JOIN: {
    sqlState: '42703',
    message:
      'USING column <colName> cannot be resolved on the <side> side of the join. The <side>-side columns: [<suggestion>].',
  },
  CANNOT_RESOLVE_STAR_EXPAND: {
    sqlState: '42704',
    message:
      'Cannot resolve <targetString>.* given input columns <columns>. Please check that the specified table or struct exists and is accessible in the input columns.',
  },
  INVALID_TYPED_LITERAL: {
    sqlState: '42604',
    message: 'The value of the typed literal <valueType> is invalid: <value>.',
  },
  'UNRESOLVED_COLUMN.WITH_SUGGESTION': {
    sqlState: '42703',
    message:
      'A column, variable, or function parameter with name <objectName> cannot be resolved. Did you mean one of the following? [<proposal>].',
  },
  'UNRESOLVED_COLUMN.WITHOUT_SUGGESTION': {
    sqlState: '42703',
    message: 'A column, variable, or function parameter with name <objectName> cannot be resolved.',
  },
  AMBIGUOUS_REFERENCE: {
    sqlState: '42704',
    message: 'Reference <name> is ambiguous, could be: <referenceNames>.',
  },
  UNRESOLVED_ROUTINE: {
    sqlState: '42883',
    message:
      'Cannot resolve routine <routineName> on search path <searchPath>. Verify the spelling of <routineName>, check that the routine exists, and confirm you have USE privilege on the catalog and schema, and EXECUTE on the routine.',
  },
  MISSING_AGGREGATION: {
    sqlState: '42803',
    message:
      'The non-aggregating expression <expression> is based on columns which are not participating in the GROUP BY clause. Add the columns or the expression to the GROUP BY, aggregate the expression, or use <expressionAnyValue> if you do not care which of the values within a group is returned.',
  },
  MISSING_GROUP_BY: {
    sqlState: '42803',
    message:
      'The query does not include a GROUP BY clause. Add GROUP BY or turn it into the window functions using OVER clauses.',
  },
  'INVALID_AGGREGATE_FILTER.NON_DETERMINISTIC': {
    sqlState: '42903',
    message:
      'The FILTER expression <filterExpr> in an aggregate function is invalid. Expected a FILTER expression to be deterministic.',
  },
  'INVALID_AGGREGATE_FILTER.NOT_BOOLEAN': {
    sqlState: '42903',
    message:
      'The FILTER expression <filterExpr> in an aggregate function is invalid. Expected a FILTER expression of the BOOLEAN type.',
  },
  'INVALID_AGGREGATE_FILTER.CONTAINS_AGGREGATE': {
    sqlState: '42903',
    message:
      'The FILTER expression <filterExpr> in an aggregate function is invalid. Expected a FILTER expression without an aggregation, but found <aggExpr>.',
  },
  'INVALID_AGGREGATE_FILTER.CONTAINS_WINDOW_FUNCTION': {
    sqlState: '42903',
    message:
      'The FILTER expression <filterExpr> in an aggregate function is invalid. Expected a FILTER expression without a window function, but found <windowExpr>.',
  },
  NESTED_AGGREGATE_FUNCTION: {
    sqlState: '42607',
    message:
      'It is not allowed to use an aggregate function in the argument of another aggregate function. Please use the inner aggregate function in a sub-query.',
  },
  GROUP_BY_POS_OUT_OF_RANGE: {
    sqlState: '42805',
    message: 'GROUP BY position <index> is not in select list (valid range is [1, <size>]).',
  },
  ORDER_BY_POS_OUT_OF_RANGE: {
    sqlState: '42805',
    message: 'ORDER BY position <index> is not in select list (valid range is [1, <size>]).',
  },
  GROUP_BY_AGGREGATE: {
    sqlState: '42903',
    message: 'Aggregate functions are not allowed in GROUP BY, but found <sqlExpr>.',
  },
  NUM_COLUMNS_MISMATCH: {
    sqlState: '42826',
    message:
      '<operator> can only be performed on inputs with the same number of columns, but the first input has <firstNumColumns> columns and the <invalidOrdinalNum> input has <invalidNumColumns> columns.',
  },
  INCOMPATIBLE_COLUMN_TYPE: {
    sqlState: '42825',
    message:
      '<operator> can only be performed on tables with compatible column types. The <columnOrdinalNumber> column of the <tableOrdinalNumber> table is <dataType1> type which is not compatible with <dataType2> at the same column of the first table.<hint>.',
  },
  'DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: the left and right operands of the binary operator have incompatible types (<left> and <right>).',
  },
  'DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE_OF_FILTER': {
    sqlState: '42K09',
    message: 'Cannot resolve <sqlExpr> due to data type mismatch: the filter condition must be boolean.',
  },
  'DATATYPE_MISMATCH.FILTER_NOT_BOOLEAN': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: Filter expression <filter> of type <type> is not a boolean.',
  },
  'DATATYPE_MISMATCH.DATA_DIFF_TYPES_CASE': {
    sqlState: '42K09',
    message:
      "Cannot resolve <sqlExpr> due to data type mismatch: Input to <functionName> should all be the same type, but it's <dataType>.",
  },
  INVALID_WHERE_CONDITION: {
    sqlState: '42903',
    message:
      'The WHERE condition <condition> contains invalid expressions: <expressionList>. Rewrite the query to avoid window functions, aggregate functions, and generator functions in the WHERE clause.',
  },
  CANNOT_REPLACE_MISSING_TABLE: {
    sqlState: '42P01',
    message:
      'Table or view <relationName> cannot be replaced as it does not exist. Use CREATE OR REPLACE TABLE to create the table.',
  },
  TABLE_OR_VIEW_NOT_FOUND: {
    sqlState: '42P01',
    message:
      'The table or view <relationName> cannot be found. Verify the spelling and correctness of the schema and catalog. If you did not qualify the name with a schema, verify the current_schema() output, or qualify the name with the correct schema and catalog.',
  },
  'UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY.MUST_AGGREGATE_CORRELATED_SCALAR_SUBQUERY': {
    sqlState: '0A000',
    message:
      'Unsupported subquery expression: Correlated scalar subqueries must be aggregated to return at most one row.',
  },
  SCALAR_SUBQUERY_TOO_MANY_ROWS: {
    sqlState: '21000',
    message: 'More than one row returned by a subquery used as an expression.',
  },
  INVALID_SUBQUERY_EXPRESSION: {
    sqlState: '42823',
    message: 'Invalid subquery: <reason>',
  },
  'INVALID_SUBQUERY_EXPRESSION.SCALAR_SUBQUERY_RETURN_MORE_THAN_ONE_OUTPUT_COLUMN': {
    sqlState: '42823',
    message: 'Invalid subquery: Scalar subquery must return only one column, but got <number>.',
  },
  'UNSUPPORTED_GENERATOR.OUTSIDE_SELECT': {
    sqlState: '42K0E',
    message: 'The generator is not supported: outside the SELECT clause, found: <plan>.',
  },
  INVALID_LIMIT_LIKE_EXPRESSION: {
    sqlState: '42K0E',
    message: 'The limit like expression <expr> is invalid.',
  },
  'INVALID_LIMIT_LIKE_EXPRESSION.IS_NEGATIVE': {
    sqlState: '42K0E',
    message:
      'The limit like expression <expr> is invalid. The <name> expression must be equal to or greater than 0, but got <v>.',
  },
  'INVALID_LIMIT_LIKE_EXPRESSION.IS_UNFOLDABLE': {
    sqlState: '42K0E',
    message:
      'The limit like expression <expr> is invalid. The <name> expression must evaluate to a constant value.',
  },
  INVALID_EXTRACT_FIELD: { sqlState: '42601', message: 'Cannot extract <field> from <expr>.' },
  NON_FOLDABLE_ARGUMENT: {
    sqlState: '42K08',
    message:
      'The function <funcName> requires the parameter <paramName> to be a foldable expression of the type <paramType>, but the actual argument is a non-foldable.',
  },
  COLUMN_ALREADY_EXISTS: {
    sqlState: '42711',
    message: 'The column <columnName> already exists. Choose another name or rename the existing column.',
  },
  WINDOW_FUNCTION_WITHOUT_OVER_CLAUSE: {
    sqlState: '42601',
    message: 'Window function <funcName> requires an OVER clause.',
  },
  MISSING_WINDOW_SPECIFICATION: {
    sqlState: '42P20',
    message: 'Window specification is not defined in the WINDOW clause for <windowName>.',
  },
  'INVALID_SQL_SYNTAX.INVALID_TABLE_VALUED_FUNC_NAME': {
    sqlState: '42000',
    message: 'Invalid SQL syntax: table valued function cannot specify database name: <funcName>.',
  },
  UNSUPPORTED_EXPR_FOR_OPERATOR: {
    sqlState: '42K0E',
    message:
      'A query operator contains one or more unsupported expressions. Consider to rewrite it to avoid window functions, aggregate functions, and generator functions in the WHERE clause. Invalid expressions: [<invalidExprSqls>]',
  },
  // The options argument of the JSON and CSV functions (ExprUtils.convertToMapData).
  'INVALID_OPTIONS.NON_MAP_FUNCTION': {
    sqlState: '42K06',
    message: 'Invalid options: Must use the `map()` function for options.',
  },
  'INVALID_OPTIONS.NON_STRING_TYPE': {
    sqlState: '42K06',
    message: 'Invalid options: A type of keys and values in `map()` must be string, but got <mapType>.',
  },
  'DATATYPE_MISMATCH.INVALID_JSON_MAP_KEY_TYPE': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: Input schema <schema> can only contain STRING as a key type for a MAP.',
  },
  'DATATYPE_MISMATCH.UNEXPECTED_NULL': {
    sqlState: '42K09',
    message: 'Cannot resolve <sqlExpr> due to data type mismatch: The <exprName> must not be null.',
  },
  'INVALID_SCHEMA.NON_STRING_LITERAL': {
    sqlState: '42K07',
    message:
      'The input schema <inputSchema> is not a valid schema string. The input expression must be string literal and not null.',
  },
  PARSE_MODE_UNSUPPORTED: {
    sqlState: '42601',
    message:
      "The function <funcName> doesn't support the <mode> mode. Acceptable modes are PERMISSIVE and FAILFAST.",
  },
  'DATATYPE_MISMATCH.NON_STRING_TYPE': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: all arguments of the function <funcName> must be strings.',
  },
  'DATATYPE_MISMATCH.INVALID_JSON_SCHEMA': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: Input schema <schema> must be a struct, an array, a map or a variant.',
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;
