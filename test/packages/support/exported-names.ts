import ts from "typescript";
import { join } from "node:path";
import { writeFileSync, rmSync } from "node:fs";

/**
 * Every name `specifier` exports (values and types) as TypeScript resolves it from `projectDir` with
 * `moduleResolution: bundler` (with `conditions`, e.g. Next.js's `react-server`): the list a consumer file
 * re-exports to touch each exported type.
 */
export function exportedNames(projectDir: string, specifier: string, conditions: string[] = []): string[] {
  const probe = join(projectDir, `probe-${specifier.replace(/\W/g, "_")}.ts`);
  writeFileSync(probe, `export * as probe from ${JSON.stringify(specifier)};\n`);
  try {
    const program = ts.createProgram([probe], { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, strict: true, noEmit: true, jsx: ts.JsxEmit.ReactJSX, types: [], customConditions: conditions });
    const checker = program.getTypeChecker();
    const source = program.getSourceFile(probe)!;
    const declaration = source.statements[0] as ts.ExportDeclaration;
    const moduleSymbol = checker.getSymbolAtLocation(declaration.moduleSpecifier!);
    if (!moduleSymbol) throw new Error(`${specifier} does not resolve from ${projectDir}`);
    return checker.getExportsOfModule(moduleSymbol).map((symbol) => symbol.name).sort();
  } finally {
    rmSync(probe);
  }
}
