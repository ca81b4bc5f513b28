/** Trusted domains (where sign-in may redirect to) with their handler paths, localhost, and the production checklist. */
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, CircleAlert } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button, Card, Field, InlineError, Input, PageHeader, QueryView, Switch, Table, td } from "../components/ui.js";
import { useTRPC } from "../lib/trpc.js";
import { useAdminProject, useUpdateProject } from "../lib/use-project.js";
import { hasIssueAt, validationIssues } from "../lib/validation-issues.js";

const BAD_DOMAIN = "Enter a full address with its scheme, such as https://app.example.com (a * may stand for one part of the host name).";
const BAD_HANDLER_PATH = "Enter a path that starts with /, such as /handler.";

export default function Domains() {
  const trpc = useTRPC();
  const project = useAdminProject();
  const problems = useQuery(trpc.getProductionModeProblems.queryOptions());
  const update = useUpdateProject();
  const [domain, setDomain] = useState("https://");
  const [handlerPath, setHandlerPath] = useState("/handler");
  return (
    <>
      <PageHeader title="Domains" description="Sign-in pages only send people back to these domains. Each one may have its own handler path." />
      <QueryView query={project} what="the domains">
        {(p) => {
          const domains = p.config.domains;
          const save = (list: { domain: string; handler_path: string }[]) => update.mutate({ body: { config: { domains: list } } });
          // A refusal names the field it concerns (the one being added is the last of the list).
          const domainError = hasIssueAt(update.error, /^body\.config\.domains\[\d+\]\.domain$/) ? BAD_DOMAIN : null;
          const pathError = hasIssueAt(update.error, /^body\.config\.domains\[\d+\]\.handler_path$/) ? BAD_HANDLER_PATH : null;
          const otherError = validationIssues(update.error).length > 0 && (domainError || pathError) ? null : update.error;
          const add = (event: FormEvent) => {
            event.preventDefault();
            save([...domains.map((d) => ({ domain: d.domain, handler_path: d.handler_path })), { domain: domain.trim(), handler_path: handlerPath.trim() || "/handler" }]);
          };
          return (
            <div className="flex flex-col gap-4">
              <Card title="Trusted domains">
                {domains.length === 0 ? (
                  <p className="text-sm text-zinc-600 dark:text-zinc-400">No trusted domain yet. Add the address your app runs at.</p>
                ) : (
                  <Table caption="Trusted domains" head={["Domain", "Handler path", ""]}>
                    {domains.map((d) => (
                      <tr key={d.domain}>
                        <td className={`${td} font-mono text-xs`}>{d.domain}</td>
                        <td className={`${td} font-mono text-xs`}>{d.handler_path}</td>
                        <td className={`${td} text-right`}>
                          <Button
                            variant="ghost"
                            aria-label={`Remove ${d.domain}`}
                            onClick={() => save(domains.filter((x) => x.domain !== d.domain).map((x) => ({ domain: x.domain, handler_path: x.handler_path })))}
                          >
                            Remove
                          </Button>
                        </td>
                      </tr>
                    ))}
                  </Table>
                )}
                <form className="mt-3 flex flex-wrap items-end gap-2" onSubmit={add}>
                  <Field label="Domain" hint="An https URL; * matches one part of a host name." error={domainError}>
                    {(id, hint) => (
                      <Input id={id} aria-describedby={hint} aria-invalid={domainError ? true : undefined} className="w-full max-w-80" required value={domain} onChange={(e) => setDomain(e.target.value)} />
                    )}
                  </Field>
                  <Field label="Handler path" error={pathError}>
                    {(id, hint) => (
                      <Input id={id} aria-describedby={hint} aria-invalid={pathError ? true : undefined} className="w-40" required value={handlerPath} onChange={(e) => setHandlerPath(e.target.value)} />
                    )}
                  </Field>
                  <Button type="submit" variant="secondary" busy={update.isPending}>
                    Add domain
                  </Button>
                </form>
                <InlineError error={otherError} />
              </Card>
              <Card title="Development">
                <Switch
                  label="Allow localhost"
                  description="Trust redirects to localhost and 127.0.0.1 — handy while developing, a problem in production."
                  checked={p.config.allow_localhost}
                  onChange={(v) => update.mutate({ body: { config: { allow_localhost: v } } })}
                />
              </Card>
              <Card title="Production checklist">
                <QueryView query={problems} what="the production checklist">
                  {(list) =>
                    list.items.length === 0 ? (
                      <p className="flex items-center gap-2 text-sm text-emerald-800 dark:text-emerald-300">
                        <CheckCircle2 aria-hidden className="size-4" /> No problems: the domain settings are fit for production.
                      </p>
                    ) : (
                      <ul className="flex flex-col gap-2 text-sm">
                        {list.items.map((item) => (
                          <li key={item.message} className="flex items-start gap-2">
                            <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" /> {item.message}
                          </li>
                        ))}
                      </ul>
                    )
                  }
                </QueryView>
              </Card>
            </div>
          );
        }}
      </QueryView>
    </>
  );
}
