/** Types of node-version.mjs (a plain script, run by `npm start` and `latchkey` without a build). */
export declare function meetsEngines(version: string, range: string): boolean;
export declare function requireSupportedNode(command: string): void;
