/** This package's name, as published. Kept in step with package.json. */
export const packageName = "@latchkey/next";

/** This package's version. Kept in step with package.json. */
export const version = "0.1.0";
