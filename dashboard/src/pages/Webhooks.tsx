/** Webhook endpoints, their deliveries (with every attempt) and redelivery; signing secrets shown once. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, RefreshCw } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Badge, Button, Card, CopyValue, Empty, Field, formatDate, InlineError, Input, Modal, PageHeader, QueryView, Switch, Table, td } from "../components/ui.js";
import { webhookEventNames } from "../lib/events.js";
import { useTRPC } from "../lib/trpc.js";

type EventType = (typeof webhookEventNames)[number];

function CreateEndpoint({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState("https://");
  const [description, setDescription] = useState("");
  const [all, setAll] = useState(true);
  const [events, setEvents] = useState<EventType[]>([]);
  const create = useMutation(trpc.createWebhookEndpoint.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.listWebhookEndpoints.queryKey() }) }));
  if (create.data) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm">Verify deliveries with this signing secret. It is not shown again (you can rotate it later).</p>
        <CopyValue label="Signing secret" value={create.data.secret} />
        <div>
          <Button onClick={onDone}>Done</Button>
        </div>
      </div>
    );
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ body: { url: url.trim(), description, event_types: all ? null : events } });
  }
  return (
    <form className="flex flex-col gap-3" onSubmit={submit}>
      <Field label="Endpoint URL">{(id) => <Input id={id} type="url" required value={url} onChange={(e) => setUrl(e.target.value)} />}</Field>
      <Field label="Description">{(id) => <Input id={id} value={description} onChange={(e) => setDescription(e.target.value)} />}</Field>
      <fieldset className="flex flex-col gap-1 text-sm">
        <legend className="mb-1 font-medium">Events</legend>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> All events, including ones added later
        </label>
        {!all && (
          <div className="grid max-h-48 grid-cols-2 gap-1 overflow-y-auto">
            {webhookEventNames.map((name) => (
              <label key={name} className="flex items-center gap-2">
                <input type="checkbox" checked={events.includes(name)} onChange={(e) => setEvents(e.target.checked ? [...events, name] : events.filter((x) => x !== name))} />
                <code className="text-xs">{name}</code>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <InlineError error={create.error} />
      <div className="flex gap-2">
        <Button type="submit" busy={create.isPending} disabled={!all && events.length === 0}>
          Add endpoint
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

const statusTone = { sent: "good", pending: "neutral", failed: "warn", undeliverable: "bad" } as const;

function Deliveries({ endpointId }: { endpointId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const deliveries = useQuery(trpc.listWebhookDeliveries.queryOptions({ params: { endpoint_id: endpointId }, query: { limit: 50 } }));
  const redeliver = useMutation(trpc.redeliverWebhook.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.listWebhookDeliveries.queryKey() }) }));
  return (
    <Card
      title="Deliveries"
      description="The newest 50, with the receiver's answer to each attempt."
      actions={
        <Button variant="secondary" onClick={() => void deliveries.refetch()} busy={deliveries.isFetching}>
          <RefreshCw aria-hidden className="size-4" /> Refresh
        </Button>
      }
    >
      <QueryView query={deliveries} what="the deliveries">
        {(d) =>
          d.items.length === 0 ? (
            <Empty title="No deliveries yet">Events are delivered here as soon as something happens in the project.</Empty>
          ) : (
            <Table caption="Deliveries" head={["Event", "Status", "Attempts", "Last answer", "Created", ""]}>
              {d.items.map((delivery) => {
                const last = delivery.attempt_log.at(-1);
                return (
                  <tr key={delivery.id}>
                    <td className={`${td} font-mono text-xs`}>{delivery.event_type}</td>
                    <td className={td}>
                      <Badge tone={statusTone[delivery.status]}>{delivery.status}</Badge>
                    </td>
                    <td className={td}>{delivery.attempts}</td>
                    <td className={`${td} text-xs`}>{last ? (last.response_status !== null ? `HTTP ${last.response_status}` : (last.error ?? "no answer")) : "—"}</td>
                    <td className={td}>{formatDate(delivery.created_at_millis)}</td>
                    <td className={`${td} text-right`}>
                      <Button variant="ghost" onClick={() => redeliver.mutate({ params: { endpoint_id: endpointId, delivery_id: delivery.id }, body: {} })}>
                        Redeliver
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </Table>
          )
        }
      </QueryView>
      <InlineError error={redeliver.error} />
    </Card>
  );
}

export default function Webhooks() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const endpoints = useQuery(trpc.listWebhookEndpoints.queryOptions());
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.listWebhookEndpoints.queryKey() });
  const update = useMutation(trpc.updateWebhookEndpoint.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.deleteWebhookEndpoint.mutationOptions({ onSuccess: () => (setSelected(null), refresh()) }));
  const rotate = useMutation(trpc.rotateWebhookEndpointSecret.mutationOptions());
  const current = endpoints.data?.items.find((e) => e.id === selected) ?? endpoints.data?.items[0] ?? null;
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Latchkey POSTs signed events (Standard Webhooks / Svix format) to these URLs."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden className="size-4" /> Add endpoint
          </Button>
        }
      />
      <QueryView query={endpoints} what="the webhook endpoints">
        {(e) =>
          e.items.length === 0 ? (
            <Empty title="No webhook endpoints">Add one to hear about new users, teams and more.</Empty>
          ) : (
            <div className="flex flex-col gap-4">
              <Table caption="Webhook endpoints" head={["URL", "Events", "Enabled", ""]}>
                {e.items.map((endpoint) => (
                  <tr key={endpoint.id} className={endpoint.id === current?.id ? "bg-indigo-50/60 dark:bg-indigo-950/40" : undefined}>
                    <td className={`${td} break-all font-mono text-xs`}>
                      {endpoint.url}
                      {endpoint.description && <div className="font-sans text-zinc-600 dark:text-zinc-400">{endpoint.description}</div>}
                    </td>
                    <td className={`${td} text-xs`}>{endpoint.event_types === null ? "all" : endpoint.event_types.join(", ")}</td>
                    <td className={td}>{endpoint.enabled ? <Badge tone="good">on</Badge> : <Badge>off</Badge>}</td>
                    <td className={`${td} text-right`}>
                      <Button variant="ghost" aria-pressed={endpoint.id === current?.id} onClick={() => {
                          rotate.reset();
                          setSelected(endpoint.id);
                        }}>
                        Show deliveries
                      </Button>
                    </td>
                  </tr>
                ))}
              </Table>
              {current && (
                <>
                  <Card title="Endpoint" description={current.url}>
                    <Switch label="Enabled" description="Disabled endpoints receive nothing." checked={current.enabled} onChange={(v) => update.mutate({ params: { endpoint_id: current.id }, body: { enabled: v } })} />
                    <div className="mt-2 flex flex-wrap gap-2">
                      <Button variant="secondary" busy={rotate.isPending} onClick={() => rotate.mutate({ params: { endpoint_id: current.id }, body: {} })}>
                        Rotate signing secret
                      </Button>
                      <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate({ params: { endpoint_id: current.id } })}>
                        Delete endpoint
                      </Button>
                    </div>
                    {rotate.data && (
                      <div className="mt-3">
                        <CopyValue label="New signing secret (shown once)" value={rotate.data.secret} />
                      </div>
                    )}
                    <InlineError error={update.error ?? remove.error ?? rotate.error} />
                  </Card>
                  <Deliveries endpointId={current.id} />
                </>
              )}
            </div>
          )
        }
      </QueryView>
      <Modal open={creating} onOpenChange={setCreating} title="Add a webhook endpoint" wide>
        {creating && <CreateEndpoint onDone={() => setCreating(false)} />}
      </Modal>
    </>
  );
}
