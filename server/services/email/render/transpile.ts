/**
 * Tenant TSX -> a CommonJS module factory QuickJS can evaluate, with sucrase (TypeScript and JSX with
 * the automatic runtime; imports become `require` calls, which the sandbox answers only for its own
 * modules). Sucrase keeps line numbers, so a stack frame `template.tsx:12` points at the admin's line 12.
 * The factory is written on the first line so that this stays true.
 */
import { transform } from "sucrase";

export type SourceFile = "theme.tsx" | "template.tsx";

export class TranspileError extends Error {
  override readonly name = "TranspileError";
}

export function compileModule(source: string, file: SourceFile): string {
  let code: string;
  try {
    code = transform(source, {
      transforms: ["typescript", "jsx", "imports"],
      jsxRuntime: "automatic",
      production: true,
      disableESTransforms: true,
      // An import nothing uses still fails when its module is not allowed (TypeScript would drop it).
      keepUnusedImports: true,
      filePath: file,
    }).code;
  } catch (error) {
    throw new TranspileError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return `(function (exports, require, module) {"use strict";${code}\n})`;
}
