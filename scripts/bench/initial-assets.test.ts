import { describe, expect, it } from "vitest";
import { eagerClosure, htmlEntryAssets, staticImports } from "./initial-assets.js";

/** index.html as Vite writes it for base "/dashboard/". */
const html = `<!doctype html>
<html lang="en">
  <head>
    <link rel="icon" href="/dashboard/favicon.svg">
    <script type="module" crossorigin src="/dashboard/assets/index-Bx.js"></script>
    <link rel="modulepreload" crossorigin href="/dashboard/assets/jsx-runtime-Wy.js">
    <link crossorigin href="/dashboard/assets/index-X7.css" rel="stylesheet">
    <link rel="preconnect" href="https://fonts.example.com">
    <script src="https://cdn.example.com/analytics.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe("htmlEntryAssets", () => {
  it("names the page's scripts, module preloads and stylesheets inside the build, whatever the attribute order", () => {
    expect(htmlEntryAssets(html, "/dashboard/")).toEqual(["assets/index-Bx.js", "assets/jsx-runtime-Wy.js", "assets/index-X7.css"]);
  });

  it("leaves out icons, preconnects and other origins' scripts, and reads relative URLs", () => {
    const relative = `<script type="module" src="./assets/main.js"></script><link rel="icon" href="./icon.png"><script src="//cdn.example.com/x.js"></script>`;
    expect(htmlEntryAssets(relative, "/handler/")).toEqual(["assets/main.js"]);
  });
});

describe("staticImports", () => {
  it("finds minified and unminified static imports and re-exports, once each", () => {
    const minified = `import{j as e}from"./jsx-runtime-Wy.js";import"./side-effect.js";export*from"../shared/util.js";import{j as f}from"./jsx-runtime-Wy.js";`;
    expect(staticImports(minified)).toEqual(["./jsx-runtime-Wy.js", "./side-effect.js", "../shared/util.js"]);
    const esbuild = `import {\n  KnownError,\n  createApp\n} from "./chunk-ABC.js";\nimport * as jose from "./chunk-DEF.js";\nexport { KnownError };`;
    expect(staticImports(esbuild)).toEqual(["./chunk-ABC.js", "./chunk-DEF.js"]);
  });

  it("skips dynamic imports (lazy pages), import.meta and bare packages", () => {
    const code = `const Overview=lazy(()=>__vitePreload(()=>import("./Overview-CZ.js"),__vite__mapDeps([0,1])));import{useState}from"react";const u=import.meta.url;import ( "./spaced-dynamic.js");`;
    expect(staticImports(code)).toEqual([]);
  });
});

describe("eagerClosure", () => {
  const files: Record<string, string> = {
    "assets/index.js": `import{a}from"./shared.js";const P=()=>import("./Page.js");console.log("import x from './not-a-file.js'")`,
    "assets/shared.js": `import"./leaf.js";import{a}from"./index.js";export const b=1;`,
    "assets/leaf.js": `export const c=2;`,
    "assets/Page.js": `import"./heavy.js";`,
    "assets/heavy.js": `export const d=3;`,
    "assets/index.css": `@import "./ignored.css";`,
  };
  const read = (file: string) => files[file];

  it("follows static imports transitively, once each, and never into lazy chunks", () => {
    expect(eagerClosure(["assets/index.js", "assets/index.css"], read)).toEqual(["assets/index.js", "assets/shared.js", "assets/leaf.js", "assets/index.css"]);
  });

  it("leaves out what only looked like an import of a file the build does not have", () => {
    expect(eagerClosure(["assets/index.js"], read)).not.toContain("assets/not-a-file.js");
    expect(eagerClosure(["assets/missing.js"], read)).toEqual([]);
  });
});
