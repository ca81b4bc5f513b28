/** The payments page's items: listed, added, edited (name, holder) and deleted in the configuration. */
import { Plus, Save } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useConfigOverride } from "../../lib/use-project.js";
import { ResponsiveTable } from "../responsive-table.js";
import { Button, Card, Field, InlineError, Input, Select } from "../ui.js";
import { RowActions } from "./row-actions.js";
import { idPattern, type CustomerType, type PaymentsTree } from "./types.js";

const blank = { id: "", name: "", customerType: "user" as CustomerType };

export function ItemsCard({ payments }: { payments: PaymentsTree }) {
  const save = useConfigOverride("Item saved");
  const remove = useConfigOverride("Item deleted");
  const [form, setForm] = useState(blank);
  const [editing, setEditing] = useState<string | null>(null);
  const items = Object.entries(payments.items ?? {});
  function submit(event: FormEvent) {
    event.preventDefault();
    const id = form.id.trim();
    const item = {
      displayName: form.name.trim() || id,
      customerType: form.customerType,
    };
    save.mutate(
      {
        body: {
          config_override_string: JSON.stringify({
            [`payments.items.${id}`]: item,
          }),
        },
      },
      { onSuccess: () => (setForm(blank), setEditing(null)) },
    );
  }
  return (
    <Card title="Items" description="What customers hold: credits, seats, features. Offers grant them.">
      {items.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No items yet.</p>
      ) : (
        <ResponsiveTable
          caption="Items"
          rows={items}
          rowKey={([itemId]) => itemId}
          columns={[
            { header: "Id", title: true, cell: ([itemId]) => <span className="font-mono text-xs">{itemId}</span> },
            { header: "Name", cell: ([, item]) => item.displayName },
            { header: "Customer", cell: ([, item]) => item.customerType },
            {
              header: <span className="sr-only">Actions</span>,
              cell: ([itemId, item]) => (
                <RowActions
                  what="item"
                  id={itemId}
                  busy={remove.isPending}
                  error={remove.error}
                  onEdit={() => (setEditing(itemId), setForm({ id: itemId, name: item.displayName, customerType: item.customerType }))}
                  onDelete={(close) => remove.mutate({ body: { config_override_string: JSON.stringify({ [`payments.items.${itemId}`]: null }) } }, { onSuccess: close })}
                />
              ),
            },
          ]}
        />
      )}
      <form className="mt-3 flex flex-wrap items-end gap-2" onSubmit={submit} aria-label={editing ? `Edit item ${editing}` : "Add an item"}>
        <Field label="Item id">
          {(fid) => <Input id={fid} className="w-36" required readOnly={editing !== null} pattern={idPattern} value={form.id} onChange={(e) => setForm({ ...form, id: e.target.value })} />}
        </Field>
        <Field label="Item name">{(fid) => <Input id={fid} className="w-44" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />}</Field>
        <Field label="Held by">
          {(fid) => (
            <Select
              id={fid}
              value={form.customerType}
              onChange={(e) =>
                setForm({
                  ...form,
                  customerType: e.target.value as CustomerType,
                })
              }
            >
              <option value="user">users</option>
              <option value="team">teams</option>
              <option value="custom">custom customers</option>
            </Select>
          )}
        </Field>
        <Button type="submit" variant="secondary" busy={save.isPending}>
          {editing ? <Save aria-hidden className="size-4" /> : <Plus aria-hidden className="size-4" />} {editing ? "Save item" : "Add item"}
        </Button>
        {editing && (
          <Button variant="ghost" onClick={() => (setEditing(null), setForm(blank))}>
            Cancel
          </Button>
        )}
      </form>
      <InlineError error={save.error} />
    </Card>
  );
}
