/** The E-mails page's Themes tab: pick, create and edit themes, and choose the project's theme. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge, Button, Empty, Field, InlineError, QueryView, Select, useToast } from "../ui.js";
import { useTRPC } from "../../lib/trpc.js";
import { useAdminProject, useUpdateProject } from "../../lib/use-project.js";
import { NewItem, SourceEditor } from "./source-editor.js";

function ThemeEditor({ id }: { id: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const theme = useQuery(trpc.getEmailTheme.queryOptions({ params: { id } }));
  const save = useMutation(
    trpc.updateEmailTheme.mutationOptions({
      onSuccess: () => {
        toast("Theme saved");
        void queryClient.invalidateQueries({ queryKey: trpc.getEmailTheme.queryKey() });
      },
    }),
  );
  return (
    <QueryView query={theme} what="the theme">
      {(t) => <SourceEditor title={t.display_name} initial={t.tsx_source} kind="theme" saving={save.isPending} error={save.error} onSave={(source) => save.mutate({ params: { id }, body: { tsx_source: source } })} />}
    </QueryView>
  );
}

export function Themes() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const project = useAdminProject();
  const update = useUpdateProject("Project theme chosen");
  const themes = useQuery(trpc.listEmailThemes.queryOptions());
  const [selected, setSelected] = useState<string | null>(null);
  const create = useMutation(trpc.createEmailTheme.mutationOptions({ onSuccess: (t) => (setSelected(t.id), void queryClient.invalidateQueries({ queryKey: trpc.listEmailThemes.queryKey() })) }));
  return (
    <QueryView query={themes} what="the themes">
      {(t) => {
        const current = t.themes.find((x) => x.id === selected) ?? t.themes[0];
        const active = project.data?.config.email_theme;
        return (
          <div className="flex flex-col gap-4">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <div className="flex items-end gap-2">
                <Field label="Theme">
                  {(fid) => (
                    <Select id={fid} className="w-72" value={current?.id ?? ""} onChange={(e) => setSelected(e.target.value)}>
                      {t.themes.map((x) => (
                        <option key={x.id} value={x.id}>
                          {x.display_name}
                          {x.id === active ? " (project's theme)" : ""}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                {current && current.id !== active && (
                  <Button variant="secondary" busy={update.isPending} onClick={() => update.mutate({ body: { config: { email_theme: current.id } } })}>
                    Use for the project
                  </Button>
                )}
                {current && current.id === active && <Badge tone="good">project's theme</Badge>}
              </div>
              <NewItem label="theme" pending={create.isPending} onCreate={(name) => create.mutate({ body: { display_name: name } })} />
            </div>
            <InlineError error={create.error ?? update.error} />
            {current ? <ThemeEditor key={current.id} id={current.id} /> : <Empty title="No themes" />}
          </div>
        );
      }}
    </QueryView>
  );
}
