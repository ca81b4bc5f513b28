/**
 * Data vault stores: end-to-end encrypted key/value stores your backend reads and writes through the
 * SDK. Stores are declared in the project configuration (`dataVault.stores.<id>`); values are never
 * readable here.
 */
import { Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button, Card, Empty, Field, InlineError, Input, PageHeader, QueryView, Table, td } from "../components/ui.js";
import { useConfigOverride, useConfigTree } from "../lib/use-project.js";

export default function DataVault() {
  const tree = useConfigTree();
  const save = useConfigOverride("Data vault saved");
  const [id, setId] = useState("");
  const [name, setName] = useState("");
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ body: { config_override_string: JSON.stringify({ [`dataVault.stores.${id.trim()}`]: { displayName: name.trim() || id.trim() } }) } }, { onSuccess: () => (setId(""), setName("")) });
  }
  return (
    <>
      <PageHeader title="Data vault" description="Encrypted stores for secrets your backend keeps per user or per key. Values are encrypted before they reach the server and cannot be read here." />
      <div className="flex flex-col gap-4">
        <QueryView query={tree} what="the data vault stores">
          {(t) => {
            const stores = Object.entries(((t.dataVault as { stores?: Record<string, { displayName: string }> } | undefined)?.stores ?? {}));
            const remove = (storeId: string) =>
              save.mutate({ body: { config_override_string: JSON.stringify({ "dataVault.stores": Object.fromEntries(stores.filter(([k]) => k !== storeId)) }) } });
            return stores.length === 0 ? (
              <Empty title="No stores yet">Create a store, then use it from your backend with the SDK's data vault.</Empty>
            ) : (
              <Table caption="Data vault stores" head={["Store id", "Name", ""]}>
                {stores.map(([storeId, store]) => (
                  <tr key={storeId}>
                    <td className={`${td} font-mono text-xs`}>{storeId}</td>
                    <td className={td}>{store.displayName}</td>
                    <td className={`${td} text-right`}>
                      <Button variant="ghost" aria-label={`Remove store ${storeId}`} onClick={() => remove(storeId)}>
                        Remove
                      </Button>
                    </td>
                  </tr>
                ))}
              </Table>
            );
          }}
        </QueryView>
        <Card title="New store">
          <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
            <Field label="Store id" hint="Letters, digits, - and _.">
              {(fid, hint) => <Input id={fid} aria-describedby={hint} required pattern="[A-Za-z0-9_-]+" value={id} onChange={(e) => setId(e.target.value)} />}
            </Field>
            <Field label="Display name">{(fid) => <Input id={fid} value={name} onChange={(e) => setName(e.target.value)} />}</Field>
            <Button type="submit" variant="secondary" busy={save.isPending}>
              <Plus aria-hidden className="size-4" /> Create store
            </Button>
          </form>
          <InlineError error={save.error} />
        </Card>
      </div>
    </>
  );
}
