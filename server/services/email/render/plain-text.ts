/**
 * The plain-text part, made as React Email's `toPlainText` makes it: html-to-text with React Email's
 * selectors and no word wrap. `toPlainText` compiles those options on every call (~2 ms, more than the
 * conversion); here they are compiled once. This runs in the worker thread, in Node, on the HTML the
 * sandbox answered: data, not code (inside QuickJS the same conversion costs ~2 ms more per render).
 * html-to-text is resolved from @react-email/render's own dependencies, so the two never differ.
 */
import { plainTextSelectors } from "@react-email/render";
import { createRequire } from "node:module";

type Converter = (html: string) => string;

const fromReactEmail = createRequire(createRequire(import.meta.url).resolve("@react-email/render"));
const { compile } = fromReactEmail("html-to-text") as { compile(options: Record<string, unknown>): Converter };

export const toPlainText: Converter = compile({ wordwrap: false, selectors: plainTextSelectors });
