/**
 * Tenant TSX -> a CommonJS module factory QuickJS can evaluate, with sucrase (TypeScript and JSX with
 * the automatic runtime; imports become `require` calls, which the sandbox answers only for its own
 * modules). Sucrase keeps line numbers, so a stack frame `template.tsx:12` points at the admin's line 12.
 * The factory is written on the first line so that this stays true.
 */
import { transform } from "sucrase";

export type SourceFile = "theme.tsx" | "template.tsx" | "workflow.ts";

/** What a workflow module sees besides CommonJS's three (runtime/workflow.ts passes them in this order). */
const WORKFLOW_SCOPE = "onSignUp, registerCallback, scheduleCallback, stackApp, console";

export class TranspileError extends Error {
  override readonly name = "TranspileError";
}

/** Recent compilations: most renders reuse a few themes and templates. Output depends on the source only. */
const cache = new Map<string, string>();
const CACHE_ENTRIES = 64;
const CACHE_MAX_SOURCE = 32 * 1024;

export function compileModule(source: string, file: SourceFile): string {
  const key = `${file}\n${source}`;
  const cached = cache.get(key);
  if (cached !== undefined) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const compiled = compile(source, file);
  if (source.length > CACHE_MAX_SOURCE) return compiled;
  cache.set(key, compiled);
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  return compiled;
}

function compile(source: string, file: SourceFile): string {
  let code: string;
  try {
    code = transform(source, {
      transforms: file === "workflow.ts" ? ["typescript", "imports"] : ["typescript", "jsx", "imports"],
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
  const scope = file === "workflow.ts" ? `, ${WORKFLOW_SCOPE}` : "";
  return `(function (exports, require, module${scope}) {"use strict";${code}\n})`;
}
