/**
 * A TSX code editor (CodeMirror, bundled) for e-mail templates and themes; loaded with the e-mail page
 * only. It keeps its light colours in dark mode too: CodeMirror's bundled dark highlighting misses the
 * WCAG AA contrast for several token kinds.
 */
import { javascript } from "@codemirror/lang-javascript";
import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { tags } from "@lezer/highlight";
import CodeMirror, { EditorView } from "@uiw/react-codemirror";
import { useMemo } from "react";

/** Token colours with at least 4.5:1 contrast on white (the default style's red and grey do not reach it). */
const readableHighlighting = HighlightStyle.define([
  { tag: [tags.keyword, tags.modifier, tags.operatorKeyword, tags.controlKeyword], color: "#6d28d9" },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: "#a3122a" },
  { tag: [tags.comment, tags.lineComment, tags.blockComment, tags.docComment], color: "#7c4a03", fontStyle: "italic" },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: "#155e75" },
  { tag: [tags.typeName, tags.className, tags.namespace], color: "#0f5132" },
  { tag: [tags.tagName, tags.angleBracket], color: "#9a3412" },
  { tag: [tags.attributeName, tags.propertyName], color: "#1e40af" },
  { tag: [tags.definition(tags.variableName), tags.function(tags.variableName)], color: "#1d4ed8" },
  { tag: tags.invalid, color: "#b91c1c" },
  { tag: [tags.meta, tags.punctuation, tags.bracket], color: "#3f3f46" },
]);

export default function CodeEditor({ value, onChange, label, readOnly = false }: { value: string; onChange: (value: string) => void; label: string; readOnly?: boolean }) {
  const extensions = useMemo(
    () => [
      javascript({ jsx: true, typescript: true }),
      syntaxHighlighting(readableHighlighting),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ "aria-label": label }),
      // Line numbers readable (WCAG AA contrast).
      EditorView.theme({
        "&": { color: "#18181b", backgroundColor: "#ffffff" },
        ".cm-scroller, .cm-content, .cm-line": { backgroundColor: "#ffffff" },
        ".cm-gutters": { color: "#52525b", backgroundColor: "#f4f4f5" },
        ".cm-gutterElement": { backgroundColor: "#f4f4f5" },
        ".cm-activeLineGutter": { color: "#18181b", backgroundColor: "#e4e4e7" },
      }),
    ],
    [label],
  );
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      readOnly={readOnly}
      editable={!readOnly}
      extensions={extensions}
      theme="light"
      height="420px"
      className="min-w-0 max-w-full overflow-hidden rounded-md border border-zinc-300 text-xs dark:border-zinc-700"
      basicSetup={{ foldGutter: false, syntaxHighlighting: false }}
      // The scrolling area can be reached with the keyboard (to scroll long sources without editing).
      onCreateEditor={(view) => {
        view.scrollDOM.tabIndex = 0;
        view.scrollDOM.setAttribute("aria-label", `${label} (scroll area)`);
      }}
    />
  );
}
