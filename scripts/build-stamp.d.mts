/** Types of build-stamp.mjs (a plain script, run by `npm start` without a build). */
export declare const buildInputs: readonly string[];
export declare function sourceStamp(root: string, inputs?: readonly string[]): string;
