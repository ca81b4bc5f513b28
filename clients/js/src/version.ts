/** This package's name, as published. Kept in step with package.json (checked by index.test.ts). */
export const packageName = "@latchkey/js";

/** This package's version, sent to the server and shown in errors. Kept in step with package.json. */
export const version = "0.1.0";
