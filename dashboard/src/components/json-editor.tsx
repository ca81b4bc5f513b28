/** A JSON value editor: text that must parse before it can be saved; `null` clears the value. */
import { useEffect, useId, useState } from "react";
import { Button, InlineError, Textarea } from "./ui.js";

export function JsonEditor({ label, hint, value, onSave, saving, error }: { label: string; hint?: string; value: unknown; onSave: (value: unknown) => void; saving: boolean; error: unknown }) {
  const id = useId();
  const original = JSON.stringify(value ?? null, null, 2);
  const [text, setText] = useState(original);
  useEffect(() => setText(original), [original]);
  let parseError: string | null = null;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    parseError = e instanceof Error ? e.message : "not valid JSON";
  }
  const changed = text !== original;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {hint && <p className="text-xs text-zinc-600 dark:text-zinc-400">{hint}</p>}
      <Textarea id={id} rows={Math.min(14, Math.max(4, text.split("\n").length + 1))} spellCheck={false} value={text} onChange={(e) => setText(e.target.value)} aria-invalid={parseError !== null} />
      {parseError && <p className="text-xs text-red-700 dark:text-red-400">This is not valid JSON yet: {parseError}</p>}
      <InlineError error={error} />
      <div className="flex gap-2">
        <Button variant="secondary" disabled={!changed || parseError !== null} busy={saving} onClick={() => onSave(parsed)} aria-label={`Save ${label}`}>
          Save
        </Button>
        {changed && (
          <Button variant="ghost" onClick={() => setText(original)}>
            Undo changes
          </Button>
        )}
      </div>
    </div>
  );
}
