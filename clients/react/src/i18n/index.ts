/**
 * Languages of the components: `defineMessages`, `useMessages`, `LocaleProvider` (locale.ts) and the
 * known errors' texts (known-errors.ts).
 */
export * from "./locale.js";
export { describeError, knownErrorTexts, useErrorText } from "./known-errors.js";
