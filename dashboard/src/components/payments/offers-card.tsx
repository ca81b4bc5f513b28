/**
 * The payments page's offers: listed with their prices and included items, added, edited (name, buyer,
 * price, billing, included item; other settings of the offer are kept) and deleted in the configuration.
 */
import { Plus, Save } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useConfigOverride } from "../../lib/use-project.js";
import { ResponsiveTable } from "../responsive-table.js";
import { Button, Card, Field, InlineError, Input, Select } from "../ui.js";
import { RowActions } from "./row-actions.js";
import { idPattern, type CustomerType, type OfferTree, type PaymentsTree } from "./types.js";

const blank = {
  id: "",
  name: "",
  customerType: "user" as CustomerType,
  amount: "9.99",
  interval: "month",
  item: "",
  quantity: "1",
};
type OfferForm = typeof blank;

export function describePrices(prices: OfferTree["prices"]): string {
  if (prices === "include-by-default") return "free";
  return Object.values(prices)
    .map(
      (p) =>
        `${Object.entries(p)
          .filter(([k]) => /^[A-Z]{3}$/.test(k))
          .map(([c, v]) => `${String(v)} ${c}`)
          .join(" / ")}${Array.isArray(p.interval) ? ` every ${String(p.interval[0])} ${String(p.interval[1])}` : " once"}`,
    )
    .join("; ");
}

function formOf(id: string, offer: OfferTree): OfferForm {
  const [priceId, price] = offer.prices === "include-by-default" ? [] : (Object.entries(offer.prices)[0] ?? []);
  const [item, included] = Object.entries(offer.includedItems)[0] ?? ["", { quantity: 1 }];
  return {
    id,
    name: offer.displayName,
    customerType: offer.customerType,
    amount: priceId && typeof price?.USD === "string" ? price.USD : "0",
    interval: Array.isArray(price?.interval) ? String(price.interval[1]) : "once",
    item,
    quantity: String(included.quantity),
  };
}

function offerOf(form: OfferForm, existing: OfferTree | undefined): OfferTree {
  const price: Record<string, unknown> = { USD: form.amount };
  if (form.interval !== "once") price.interval = [1, form.interval];
  const priceId = existing && existing.prices !== "include-by-default" ? (Object.keys(existing.prices)[0] ?? "default") : "default";
  return {
    serverOnly: false,
    isAddOnTo: false,
    ...existing,
    displayName: form.name.trim() || form.id.trim(),
    customerType: form.customerType,
    prices: { [priceId]: price },
    includedItems: form.item ? { [form.item]: { quantity: Number(form.quantity) } } : {},
  };
}

export function OffersCard({ payments }: { payments: PaymentsTree }) {
  const save = useConfigOverride("Offer saved");
  const remove = useConfigOverride("Offer deleted");
  const [form, setForm] = useState(blank);
  const [editing, setEditing] = useState<string | null>(null);
  const offers = Object.entries(payments.offers ?? {});
  const items = Object.entries(payments.items ?? {});
  function submit(event: FormEvent) {
    event.preventDefault();
    const id = form.id.trim();
    const offer = offerOf(form, editing ? payments.offers?.[editing] : undefined);
    save.mutate(
      {
        body: {
          config_override_string: JSON.stringify({
            [`payments.offers.${id}`]: offer,
          }),
        },
      },
      { onSuccess: () => (setForm(blank), setEditing(null)) },
    );
  }
  return (
    <Card title="Offers" description="What customers can buy, at which prices, and the items it includes.">
      {offers.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No offers yet.</p>
      ) : (
        <ResponsiveTable
          caption="Offers"
          rows={offers}
          rowKey={([offerId]) => offerId}
          columns={[
            { header: "Id", title: true, cell: ([offerId]) => <span className="font-mono text-xs">{offerId}</span> },
            { header: "Name", cell: ([, offer]) => offer.displayName },
            { header: "Customer", cell: ([, offer]) => offer.customerType },
            { header: "Prices", cell: ([, offer]) => describePrices(offer.prices) },
            {
              header: "Includes",
              className: "text-xs",
              cell: ([, offer]) =>
                Object.entries(offer.includedItems)
                  .map(([i, v]) => `${v.quantity} × ${i}`)
                  .join(", ") || "—",
            },
            {
              header: <span className="sr-only">Actions</span>,
              cell: ([offerId, offer]) => (
                <RowActions
                  what="offer"
                  id={offerId}
                  busy={remove.isPending}
                  error={remove.error}
                  onEdit={() => (setEditing(offerId), setForm(formOf(offerId, offer)))}
                  onDelete={(close) => remove.mutate({ body: { config_override_string: JSON.stringify({ [`payments.offers.${offerId}`]: null }) } }, { onSuccess: close })}
                />
              ),
            },
          ]}
        />
      )}
      <form className="mt-3 grid gap-2 sm:grid-cols-4" onSubmit={submit} aria-label={editing ? `Edit offer ${editing}` : "Add an offer"}>
        <Field label="Offer id">
          {(fid) => <Input id={fid} required readOnly={editing !== null} pattern={idPattern} value={form.id} onChange={(e) => setForm({ ...form, id: e.target.value })} />}
        </Field>
        <Field label="Offer name">{(fid) => <Input id={fid} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />}</Field>
        <Field label="Bought by">
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
        <Field label="Price (USD)">
          {(fid) => <Input id={fid} required inputMode="decimal" pattern="\d+(\.\d{1,2})?" value={form.amount} onChange={(e) => setForm({ ...form, amount: e.target.value })} />}
        </Field>
        <Field label="Billing">
          {(fid) => (
            <Select id={fid} value={form.interval} onChange={(e) => setForm({ ...form, interval: e.target.value })}>
              <option value="once">once</option>
              <option value="week">every week</option>
              <option value="month">every month</option>
              <option value="year">every year</option>
            </Select>
          )}
        </Field>
        <Field label="Includes item">
          {(fid) => (
            <Select id={fid} value={form.item} onChange={(e) => setForm({ ...form, item: e.target.value })}>
              <option value="">nothing</option>
              {items.map(([itemId]) => (
                <option key={itemId} value={itemId}>
                  {itemId}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Quantity">{(fid) => <Input id={fid} type="number" min={0} value={form.quantity} onChange={(e) => setForm({ ...form, quantity: e.target.value })} />}</Field>
        <div className="flex items-end gap-2">
          <Button type="submit" variant="secondary" busy={save.isPending}>
            {editing ? <Save aria-hidden className="size-4" /> : <Plus aria-hidden className="size-4" />} {editing ? "Save offer" : "Add offer"}
          </Button>
          {editing && (
            <Button variant="ghost" onClick={() => (setEditing(null), setForm(blank))}>
              Cancel
            </Button>
          )}
        </div>
      </form>
      <InlineError error={save.error} />
    </Card>
  );
}
