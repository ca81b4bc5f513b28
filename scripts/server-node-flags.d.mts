/** Types of server-node-flags.mjs (a plain script, read by `npm start` without a build). */
export declare const serverNodeFlags: readonly string[];
