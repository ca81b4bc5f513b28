/**
 * Stands in for `@react-email/code-block` in the sandbox (the build aliases it here): the real one
 * loads Prism, which costs ~2.4 s per QuickJS context. Code is shown as a plain `<pre>`, styled with the
 * theme's base style when one is given; there is no syntax highlighting.
 */
import { createElement, type CSSProperties, type ReactElement } from "react";

interface CodeBlockProps {
  code: string;
  language?: string;
  theme?: { base?: CSSProperties } & Record<string, unknown>;
  style?: CSSProperties;
  fontFamily?: string;
  lineNumbers?: boolean;
}

export function CodeBlock({ code, theme, style, fontFamily }: CodeBlockProps): ReactElement {
  return createElement(
    "pre",
    { style: { ...theme?.base, width: "100%", overflow: "auto", ...style } },
    createElement("code", { style: fontFamily ? { fontFamily } : undefined }, code),
  );
}
