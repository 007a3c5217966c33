/** Error classes of lambda functions outside higher-order functions (ResolveLambdaVariables), error-conditions.json's text. */
export const LAMBDA_ERROR_CLASSES = {
  'INVALID_LAMBDA_FUNCTION_CALL.NON_HIGHER_ORDER_FUNCTION': {
    sqlState: '42K0D',
    message:
      'Invalid lambda function call. A lambda function should only be used in a higher order function. However, its class is <class>, which is not a higher order function.',
  },
} as const;
