// What `@react-email/components` offers inside the sandbox: the React Email components one by one, not
// the package index, which also brings `render` (and Prettier behind it). CodeBlock is a plain stand-in
// (see code-block.ts); `render` is not available to templates.
export * from "@react-email/body";
export * from "@react-email/button";
export * from "./code-block.js";
export * from "@react-email/code-inline";
export * from "@react-email/column";
export * from "@react-email/container";
export * from "@react-email/font";
export * from "@react-email/head";
export * from "@react-email/heading";
export * from "@react-email/hr";
export * from "@react-email/html";
export * from "@react-email/img";
export * from "@react-email/link";
export * from "@react-email/markdown";
export * from "@react-email/preview";
export * from "@react-email/row";
export * from "@react-email/section";
export * from "@react-email/tailwind";
export * from "@react-email/text";
