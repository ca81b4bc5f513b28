/** A block of code or settings with its title and a button that copies it (the text as shown, unchanged). */
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "./ui.js";

export function CodeBlock({ title, code, label = title }: { title: string; code: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <figure className="overflow-hidden rounded-md border border-zinc-200 dark:border-zinc-800">
      <figcaption className="flex items-center justify-between gap-2 border-b border-zinc-200 bg-zinc-50 px-3 py-1 text-xs font-medium text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300">
        <span className="font-mono">{title}</span>
        <Button
          variant="ghost"
          onClick={() => {
            void navigator.clipboard?.writeText(code).then(() => setCopied(true), () => undefined);
          }}
        >
          {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
          Copy<span className="sr-only"> {label}</span>
        </Button>
        <span role="status" className="sr-only">
          {copied ? `${label} copied` : ""}
        </span>
      </figcaption>
      <pre tabIndex={0} aria-label={label} className="overflow-x-auto bg-white p-3 font-mono text-xs leading-relaxed text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
