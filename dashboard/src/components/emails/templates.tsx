/** The E-mails page's Templates tab: pick, create and edit templates, previewed with a chosen theme. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Empty, Field, InlineError, QueryView, Select, useToast } from "../ui.js";
import { useTRPC } from "../../lib/trpc.js";
import { useAdminProject } from "../../lib/use-project.js";
import { SmtpRequiredNotice } from "./smtp-required-notice.js";
import { NewItem, SourceEditor } from "./source-editor.js";

function ThemeSelect({ value, onChange }: { value: string | false | null; onChange: (value: string | false | null) => void }) {
  const trpc = useTRPC();
  const themes = useQuery(trpc.listEmailThemes.queryOptions());
  return (
    <Select aria-label="Theme" className="w-48" value={value === null ? "__project" : value === false ? "__none" : value} onChange={(e) => onChange(e.target.value === "__project" ? null : e.target.value === "__none" ? false : e.target.value)}>
      <option value="__project">Project's theme</option>
      <option value="__none">No theme</option>
      {(themes.data?.themes ?? []).map((t) => (
        <option key={t.id} value={t.id}>
          {t.display_name}
        </option>
      ))}
    </Select>
  );
}

export function Templates({ onSetUpServer }: { onSetUpServer: () => void }) {
  const trpc = useTRPC();
  const project = useAdminProject();
  const shared = project.data?.config.email_config.type === "shared";
  const queryClient = useQueryClient();
  const toast = useToast();
  const templates = useQuery(trpc.listEmailTemplates.queryOptions());
  const [selected, setSelected] = useState<string | null>(null);
  const [theme, setTheme] = useState<string | false | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.listEmailTemplates.queryKey() });
  const create = useMutation(trpc.createEmailTemplate.mutationOptions({ onSuccess: (t) => (setSelected(t.id), refresh()) }));
  const save = useMutation(trpc.updateEmailTemplate.mutationOptions({ onSuccess: () => (toast("Template saved"), refresh()) }));
  return (
    <QueryView query={templates} what="the templates">
      {(t) => {
        const current = t.templates.find((x) => x.id === selected) ?? t.templates[0];
        return (
          <div className="flex flex-col gap-4">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <Field label="Template">
                {(id) => (
                  <Select id={id} className="w-72" value={current?.id ?? ""} onChange={(e) => (setSelected(e.target.value), save.reset())}>
                    {t.templates.map((x) => (
                      <option key={x.id} value={x.id}>
                        {x.display_name}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <NewItem label="template" pending={create.isPending} onCreate={(name) => create.mutate({ body: { display_name: name } })} />
            </div>
            <InlineError error={create.error} />
            {shared && <SmtpRequiredNotice onSetUp={onSetUpServer} />}
            {current ? (
              <SourceEditor
                key={current.id}
                locked={shared}
                title={current.display_name}
                initial={current.tsx_source}
                kind="template"
                themeId={theme}
                saving={save.isPending}
                error={save.error}
                extra={<ThemeSelect value={theme} onChange={setTheme} />}
                onSave={(source) => save.mutate({ params: { id: current.id }, body: { tsx_source: source, theme_id: theme } })}
              />
            ) : (
              <Empty title="No templates" />
            )}
          </div>
        );
      }}
    </QueryView>
  );
}
