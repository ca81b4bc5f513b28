/**
 * Languages of the components (English built in, the seven others loaded on demand): `defineMessages`,
 * `useMessages`, `LocaleProvider`, `matchLocale` (locale.ts) and the known errors' texts (known-errors.ts).
 */
export * from "./locale.js";
export { describeError, knownErrorTexts, useErrorText } from "./known-errors.js";
