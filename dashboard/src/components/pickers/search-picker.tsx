/**
 * A search picker (WAI-ARIA combobox with a listbox in a radix popover): the person types part of a name,
 * an e-mail or an id, the options come from the caller's search, and arrow keys, Enter and Escape work
 * as they do in a native select. Shows the chosen record by name, never only by its id.
 */
import { Popover } from "radix-ui";
import { Check, Loader2, Search, X } from "lucide-react";
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { cx } from "../ui.js";

export interface PickerOption {
  id: string;
  label: string;
  detail?: string | null;
}

export interface SearchPickerProps {
  label: string;
  placeholder: string;
  /** The chosen record, or null. */
  value: PickerOption | null;
  onChange: (value: PickerOption | null) => void;
  /** Options for the text typed so far (the caller debounces and queries). */
  useOptions: (text: string, enabled: boolean) => { options: PickerOption[]; loading: boolean; error: string | null };
  emptyText: string;
}

export function SearchPicker({ label, placeholder, value, onChange, useOptions, emptyText }: SearchPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const { options, loading, error } = useOptions(text.trim(), open);
  useEffect(() => setActive(0), [text, options.length]);

  function choose(option: PickerOption) {
    onChange(option);
    setText("");
    setOpen(false);
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (options.length === 0 ? 0 : (i + step + options.length) % options.length));
    } else if (event.key === "Enter" && open) {
      event.preventDefault();
      const option = options[active];
      if (option) choose(option);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  }
  const activeOption = open ? options[active] : undefined;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      {value ? (
        <span id={`${id}-label`} className="text-sm font-medium">
          {label}
        </span>
      ) : (
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
      )}
      {value ? (
        <div
          role="group"
          aria-labelledby={`${id}-label`}
          className="flex min-w-0 items-center gap-2 rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        >
          <Check aria-hidden className="size-4 shrink-0 text-emerald-700 dark:text-emerald-400" />
          <span className="min-w-0 flex-1 overflow-hidden" title={value.id}>
            <span className="block truncate">{value.label}</span>
            {value.detail && <span className="block truncate text-xs text-zinc-700 dark:text-zinc-300">{value.detail}</span>}
          </span>
          <button type="button" aria-label={`Choose another (${label})`} className="rounded p-0.5 hover:bg-zinc-200 dark:hover:bg-zinc-800" onClick={() => onChange(null)}>
            <X aria-hidden className="size-4" />
          </button>
        </div>
      ) : (
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Anchor asChild>
            <div className="relative">
              <Search aria-hidden className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-zinc-500" />
              <input
                id={id}
                role="combobox"
                aria-expanded={open}
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={activeOption ? `${listId}-${activeOption.id}` : undefined}
                autoComplete="off"
                value={text}
                placeholder={placeholder}
                onChange={(e) => {
                  setText(e.target.value);
                  setOpen(true);
                }}
                onFocus={() => setOpen(true)}
                onClick={() => setOpen(true)}
                onKeyDown={onKeyDown}
                className="w-full rounded-md border border-zinc-300 bg-white py-1.5 pl-8 pr-3 text-sm text-zinc-900 placeholder:text-zinc-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400"
              />
            </div>
          </Popover.Anchor>
          {/* Not portalled: the list stays inside the page's landmarks (and inside a dialog it is opened in). */}
          <Popover.Content
            // The popup of a combobox is its listbox, not a dialog.
            role="presentation"
            align="start"
            sideOffset={4}
            onOpenAutoFocus={(e) => e.preventDefault()}
            onInteractOutside={(e) => {
              if (e.target instanceof Node && document.getElementById(id)?.contains(e.target)) e.preventDefault();
            }}
            className="z-50 max-h-72 w-[var(--radix-popover-trigger-width)] min-w-64 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-md border border-zinc-200 bg-white p-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
          >
            <ul id={listId} role="listbox" aria-label={label}>
              {options.map((option, index) => (
                <li
                  key={option.id}
                  id={`${listId}-${option.id}`}
                  role="option"
                  aria-selected={index === active}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(option)}
                  onMouseEnter={() => setActive(index)}
                  className={cx("cursor-pointer rounded px-2 py-1.5", index === active && "bg-indigo-100 text-indigo-950 dark:bg-indigo-950 dark:text-indigo-100")}
                >
                  <span className="block truncate font-medium">{option.label}</span>
                  {option.detail && <span className="block truncate text-xs text-zinc-700 dark:text-zinc-300">{option.detail}</span>}
                </li>
              ))}
            </ul>
            {loading && (
              <p role="status" className="flex items-center gap-2 px-2 py-1.5 text-zinc-600 dark:text-zinc-400">
                <Loader2 aria-hidden className="size-4 animate-spin" /> Searching…
              </p>
            )}
            {!loading && error && <p className="px-2 py-1.5 text-red-700 dark:text-red-400">{error}</p>}
            {!loading && !error && options.length === 0 && <p className="px-2 py-1.5 text-zinc-600 dark:text-zinc-400">{emptyText}</p>}
          </Popover.Content>
        </Popover.Root>
      )}
    </div>
  );
}
