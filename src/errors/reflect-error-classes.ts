/**
 * Error classes of reflect / java_method / try_reflect (CallMethodViaReflection), with error-conditions.json's
 * text. Spark lets the Java exception of a failing reflect() call escape unclassified; lakesql names it
 * REFLECT_METHOD_FAILED (SQLSTATE 38000, an external routine's exception) and try_reflect returns NULL.
 */
export const REFLECT_ERROR_CLASSES = {
  'DATATYPE_MISMATCH.UNEXPECTED_CLASS_TYPE': {
    sqlState: '42K09',
    message: 'Cannot resolve <sqlExpr> due to data type mismatch: class <className> not found.',
  },
  'DATATYPE_MISMATCH.UNEXPECTED_STATIC_METHOD': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: cannot find a static method <methodName> that matches the argument types in <className>.',
  },
  REFLECT_METHOD_FAILED: {
    sqlState: '38000',
    message: 'The Java method <method> threw <exception> on its input. Use try_reflect to get NULL instead.',
  },
} as const;
