/**
 * Environment values: empty means unset. CDK, shell exports and `.env` files often
 * produce `VAR=`, which must fall back to the default rather than fail validation.
 */
export const unsetIfEmpty = (value: unknown): unknown => (value === '' ? undefined : value);
