/**
 * Writes test/security/response-fields.json: the fields each procedure's answer may carry, per access
 * level, as the contract declares them now. Run it only after reviewing the change it makes (a new
 * field in an answer, at which level, and why it may be seen there): the test that compares the
 * contract with the file (test/security/response-fields.test.ts) exists so that nothing reaches an
 * answer unreviewed. Not part of `npm run gen`, on purpose.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { responseFields } from "../test/security/support/response-fields.js";

const target = fileURLToPath(new URL("../test/security/response-fields.json", import.meta.url));
writeFileSync(target, `${JSON.stringify(responseFields(), null, 2)}\n`);
console.log(`wrote ${target}`);
