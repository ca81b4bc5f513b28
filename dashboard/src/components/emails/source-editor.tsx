/**
 * The code editor of templates, themes and drafts beside a live preview rendered by the server, and the
 * small form that names a new one.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { Button, Card, Field, InlineError, Input, Loading } from "../ui.js";
import { errorMessage, useTRPC } from "../../lib/trpc.js";

const CodeEditor = lazy(() => import("../code-editor.js"));

function Preview({ source, kind, themeId }: { source: string; kind: "template" | "theme"; themeId?: string | false | null }) {
  const trpc = useTRPC();
  // A theme is previewed around the first template (the built-in ones always exist).
  const templates = useQuery({ ...trpc.listEmailTemplates.queryOptions(), enabled: kind === "theme" });
  const previewTemplateId = templates.data?.templates[0]?.id;
  const [attempt, setAttempt] = useState(0);
  const render = useMutation(trpc.renderEmail.mutationOptions());
  const { mutate } = render;
  useEffect(() => {
    const timer = setTimeout(() => {
      if (kind === "template") mutate({ body: { template_tsx_source: source, ...(themeId !== undefined ? { theme_id: themeId } : {}) } });
      else if (previewTemplateId) mutate({ body: { theme_tsx_source: source, template_id: previewTemplateId } });
    }, 500);
    return () => clearTimeout(timer);
  }, [source, kind, themeId, mutate, previewTemplateId, attempt]);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="font-medium">Preview</span>
        {render.data?.subject && <span className="truncate text-zinc-600 dark:text-zinc-400">Subject: {render.data.subject}</span>}
      </div>
      {render.isError ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
          It does not render yet: {errorMessage(render.error)}{" "}
          <button type="button" className="underline" onClick={() => setAttempt((n) => n + 1)}>
            Render again
          </button>
        </p>
      ) : (
        <iframe title="E-mail preview" sandbox="" srcDoc={render.data?.html ?? "<p style='font-family:sans-serif;color:#555'>Rendering…</p>"} className="h-[420px] w-full rounded-md border border-zinc-300 bg-white dark:border-zinc-700" />
      )}
    </div>
  );
}

export function SourceEditor({ title, initial, kind, themeId, onSave, saving, error, extra, locked }: { title: string; initial: string; kind: "template" | "theme"; themeId?: string | false | null; onSave: (source: string) => void; saving: boolean; error: unknown; extra?: ReactNode; locked?: boolean }) {
  const [source, setSource] = useState(initial);
  useEffect(() => setSource(initial), [initial]);
  return (
    <Card title={title} actions={extra} className="min-w-0">
      <div className="grid gap-4 xl:grid-cols-2 [&>*]:min-w-0">
        <Suspense fallback={<Loading what="the editor" />}>
          <CodeEditor value={source} onChange={setSource} label={`${title} source`} readOnly={locked} />
        </Suspense>
        <Preview source={source} kind={kind} themeId={themeId} />
      </div>
      <InlineError error={error} />
      <div className="mt-3 flex gap-2">
        <Button busy={saving} disabled={locked || source === initial} onClick={() => onSave(source)}>
          Save
        </Button>
        {source !== initial && (
          <Button variant="ghost" onClick={() => setSource(initial)}>
            Undo changes
          </Button>
        )}
      </div>
    </Card>
  );
}

export function NewItem({ label, onCreate, pending }: { label: string; onCreate: (name: string) => void; pending: boolean }) {
  const [name, setName] = useState("");
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onCreate(name.trim());
        setName("");
      }}
    >
      <Field label={`New ${label} name`}>{(id) => <Input id={id} required value={name} onChange={(e) => setName(e.target.value)} />}</Field>
      <Button type="submit" variant="secondary" busy={pending}>
        Create {label}
      </Button>
    </form>
  );
}
