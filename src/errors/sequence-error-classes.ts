/** Error classes of Spark's `sequence` (Sequence.checkInputDataTypes), with error-conditions.json's text. */
export const SEQUENCE_ERROR_CLASSES = {
  'DATATYPE_MISMATCH.SEQUENCE_WRONG_INPUT_TYPES': {
    sqlState: '42K09',
    message:
      'Cannot resolve <sqlExpr> due to data type mismatch: <functionName> uses the wrong parameter type. The parameter type must conform to:\n1. The start and stop expressions must resolve to the same type.\n2. If start and stop expressions resolve to the <startType> type, then the step expression must resolve to the <stepType> type.\n3. Otherwise, if start and stop expressions resolve to the <otherStartType> type, then the step expression must resolve to the same type.',
  },
} as const;
