/**
 * Databricks' Auto Loader error classes (the cloudFiles source), as Databricks' error-conditions reference
 * words them. Auto Loader lower-cases the keys it names.
 */
export const AUTO_LOADER_ERROR_CLASSES = {
  CF_UNKNOWN_OPTION_KEYS_ERROR: {
    sqlState: '42000',
    message:
      'Found unknown option keys: <optionList>. Please make sure that all provided option keys are correct. If you want to skip the validation of your options and ignore these unknown options, you can set: .option("cloudFiles.<validateOptions>", "false")',
  },
} as const satisfies Record<string, { sqlState: string; message: string }>;
