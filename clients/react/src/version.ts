/** This package's name, as published. Kept in step with package.json (checked by index.test.ts). */
export const packageName = "@latchkey/react";

/** This package's version. Kept in step with package.json. */
export const version = "0.1.0";
