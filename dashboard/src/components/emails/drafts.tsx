/** The E-mails page's Drafts tab: one-off e-mails written here and sent from the project's backend. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Empty, Field, InlineError, QueryView, Select, useToast } from "../ui.js";
import { useTRPC } from "../../lib/trpc.js";
import { NewItem, SourceEditor } from "./source-editor.js";

export function Drafts() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const drafts = useQuery(trpc.listEmailDrafts.queryOptions());
  const [selected, setSelected] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.listEmailDrafts.queryKey() });
  const create = useMutation(trpc.createEmailDraft.mutationOptions({ onSuccess: (d) => (setSelected(d.id), refresh()) }));
  const save = useMutation(trpc.updateEmailDraft.mutationOptions({ onSuccess: () => (toast("Draft saved"), refresh()) }));
  return (
    <QueryView query={drafts} what="the drafts">
      {(d) => {
        const current = d.drafts.find((x) => x.id === selected) ?? d.drafts[0];
        return (
          <div className="flex flex-col gap-4">
            <div className="flex flex-wrap items-end justify-between gap-3">
              {d.drafts.length > 0 ? (
                <Field label="Draft">
                  {(id) => (
                    <Select id={id} className="w-72" value={current?.id ?? ""} onChange={(e) => setSelected(e.target.value)}>
                      {d.drafts.map((x) => (
                        <option key={x.id} value={x.id}>
                          {x.display_name}
                          {x.sent_at_millis ? " (sent)" : ""}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
              ) : (
                <span />
              )}
              <NewItem label="draft" pending={create.isPending} onCreate={(name) => create.mutate({ body: { display_name: name } })} />
            </div>
            <InlineError error={create.error} />
            {current ? (
              <SourceEditor
                key={current.id}
                title={current.display_name}
                initial={current.tsx_source}
                kind="template"
                themeId={current.theme_id}
                saving={save.isPending}
                error={save.error}
                onSave={(source) => save.mutate({ params: { id: current.id }, body: { tsx_source: source } })}
              />
            ) : (
              <Empty title="No drafts yet">A draft is a one-off e-mail to send to some or all users from your backend.</Empty>
            )}
          </div>
        );
      }}
    </QueryView>
  );
}
