/**
 * Payments: test mode, items, offers with their prices and included items (all in the project
 * configuration's `payments` subtree), a test checkout link, Stripe onboarding and the transactions.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ExternalLink, Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Badge, Button, Card, Empty, Field, formatDate, InlineError, Input, PageHeader, QueryView, Select, Switch, Table, td } from "../components/ui.js";
import { errorMessage, useTRPC } from "../lib/trpc.js";
import { useAdminProject, useConfigOverride, useConfigTree } from "../lib/use-project.js";

type CustomerType = "user" | "team" | "custom";
interface PaymentsTree {
  testMode?: boolean;
  items?: Record<string, { displayName: string; customerType: CustomerType }>;
  offers?: Record<string, { displayName: string; customerType: CustomerType; serverOnly: boolean; prices: "include-by-default" | Record<string, Record<string, unknown>>; includedItems: Record<string, { quantity: number }> }>;
}

type OfferTree = NonNullable<PaymentsTree["offers"]>[string];

const idPattern = "[a-z0-9_-]+";

function Items({ payments }: { payments: PaymentsTree }) {
  const save = useConfigOverride("Item saved");
  const [id, setId] = useState("");
  const [name, setName] = useState("");
  const [customerType, setCustomerType] = useState<CustomerType>("user");
  const items = Object.entries(payments.items ?? {});
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ body: { config_override_string: JSON.stringify({ [`payments.items.${id.trim()}`]: { displayName: name.trim() || id.trim(), customerType } }) } }, { onSuccess: () => (setId(""), setName("")) });
  }
  return (
    <Card title="Items" description="What customers hold: credits, seats, features. Offers grant them.">
      {items.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No items yet.</p>
      ) : (
        <Table caption="Items" head={["Id", "Name", "Customer"]}>
          {items.map(([itemId, item]) => (
            <tr key={itemId}>
              <td className={`${td} font-mono text-xs`}>{itemId}</td>
              <td className={td}>{item.displayName}</td>
              <td className={td}>{item.customerType}</td>
            </tr>
          ))}
        </Table>
      )}
      <form className="mt-3 flex flex-wrap items-end gap-2" onSubmit={submit}>
        <Field label="Item id">{(fid) => <Input id={fid} className="w-36" required pattern={idPattern} value={id} onChange={(e) => setId(e.target.value)} />}</Field>
        <Field label="Item name">{(fid) => <Input id={fid} className="w-44" value={name} onChange={(e) => setName(e.target.value)} />}</Field>
        <Field label="Held by">
          {(fid) => (
            <Select id={fid} value={customerType} onChange={(e) => setCustomerType(e.target.value as CustomerType)}>
              <option value="user">users</option>
              <option value="team">teams</option>
              <option value="custom">custom customers</option>
            </Select>
          )}
        </Field>
        <Button type="submit" variant="secondary" busy={save.isPending}>
          <Plus aria-hidden className="size-4" /> Add item
        </Button>
      </form>
      <InlineError error={save.error} />
    </Card>
  );
}

function Offers({ payments }: { payments: PaymentsTree }) {
  const save = useConfigOverride("Offer saved");
  const [form, setForm] = useState({ id: "", name: "", customerType: "user" as CustomerType, amount: "9.99", interval: "month", item: "", quantity: "1" });
  const offers = Object.entries(payments.offers ?? {});
  const items = Object.entries(payments.items ?? {});
  function submit(event: FormEvent) {
    event.preventDefault();
    const price: Record<string, unknown> = { USD: form.amount };
    if (form.interval !== "once") price.interval = [1, form.interval];
    const offer = {
      displayName: form.name.trim() || form.id.trim(),
      customerType: form.customerType,
      serverOnly: false,
      isAddOnTo: false,
      prices: { default: price },
      includedItems: form.item ? { [form.item]: { quantity: Number(form.quantity) } } : {},
    };
    save.mutate({ body: { config_override_string: JSON.stringify({ [`payments.offers.${form.id.trim()}`]: offer }) } }, { onSuccess: () => setForm({ ...form, id: "", name: "" }) });
  }
  const describePrices = (prices: OfferTree["prices"]) =>
    prices === "include-by-default"
      ? "free"
      : Object.values(prices)
          .map((p) => `${Object.entries(p).filter(([k]) => /^[A-Z]{3}$/.test(k)).map(([c, v]) => `${String(v)} ${c}`).join(" / ")}${Array.isArray(p.interval) ? ` every ${String(p.interval[0])} ${String(p.interval[1])}` : " once"}`)
          .join("; ");
  return (
    <Card title="Offers" description="What customers can buy, at which prices, and the items it includes.">
      {offers.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No offers yet.</p>
      ) : (
        <Table caption="Offers" head={["Id", "Name", "Customer", "Prices", "Includes"]}>
          {offers.map(([offerId, offer]) => (
            <tr key={offerId}>
              <td className={`${td} font-mono text-xs`}>{offerId}</td>
              <td className={td}>{offer.displayName}</td>
              <td className={td}>{offer.customerType}</td>
              <td className={td}>{describePrices(offer.prices)}</td>
              <td className={`${td} text-xs`}>{Object.entries(offer.includedItems).map(([i, v]) => `${v.quantity} × ${i}`).join(", ") || "—"}</td>
            </tr>
          ))}
        </Table>
      )}
      <form className="mt-3 grid gap-2 sm:grid-cols-4" onSubmit={submit}>
        <Field label="Offer id">{(fid) => <Input id={fid} required pattern={idPattern} value={form.id} onChange={(e) => setForm({ ...form, id: e.target.value })} />}</Field>
        <Field label="Offer name">{(fid) => <Input id={fid} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />}</Field>
        <Field label="Bought by">
          {(fid) => (
            <Select id={fid} value={form.customerType} onChange={(e) => setForm({ ...form, customerType: e.target.value as CustomerType })}>
              <option value="user">users</option>
              <option value="team">teams</option>
              <option value="custom">custom customers</option>
            </Select>
          )}
        </Field>
        <Field label="Price (USD)">{(fid) => <Input id={fid} required inputMode="decimal" pattern="\d+(\.\d{1,2})?" value={form.amount} onChange={(e) => setForm({ ...form, amount: e.target.value })} />}</Field>
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
        <div className="flex items-end">
          <Button type="submit" variant="secondary" busy={save.isPending}>
            <Plus aria-hidden className="size-4" /> Add offer
          </Button>
        </div>
      </form>
      <InlineError error={save.error} />
    </Card>
  );
}

/** The full code of a checkout URL (`…/handler/purchase/«code»?…`). */
function fullCodeOf(url: string): string {
  return decodeURIComponent(/\/handler\/purchase\/([^/?#]+)/.exec(url)?.[1] ?? "");
}

function TestCheckout({ payments, testMode }: { payments: PaymentsTree; testMode: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const offers = Object.keys(payments.offers ?? {});
  const [offerId, setOfferId] = useState("");
  const [customerId, setCustomerId] = useState("");
  const complete = useMutation(
    trpc.testModePurchaseSession.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.listTransactions.queryKey() }) }),
  );
  const create = useMutation(trpc.createPurchaseUrl.mutationOptions({ onSuccess: () => complete.reset() }));
  const offer = offerId || offers[0] || "";
  const customerType = payments.offers?.[offer]?.customerType ?? "user";
  const prices = payments.offers?.[offer]?.prices;
  const priceId = prices && prices !== "include-by-default" ? (Object.keys(prices)[0] ?? "") : "";
  return (
    <Card
      title="Test checkout"
      description="A checkout link for one customer. In test mode you complete the purchase here, without payment (the checkout page does it only where payments.testPurchasesWithCode allows it in development)."
    >
      {offers.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Add an offer first.</p>
      ) : (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate({ body: { offer_id: offer, customer_type: customerType, customer_id: customerId.trim() } });
          }}
        >
          <Field label="Offer">
            {(fid) => (
              <Select id={fid} value={offer} onChange={(e) => setOfferId(e.target.value)}>
                {offers.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={`Customer (${customerType} id)`}>{(fid) => <Input id={fid} className="w-80 font-mono" required value={customerId} onChange={(e) => setCustomerId(e.target.value)} />}</Field>
          <Button type="submit" variant="secondary" busy={create.isPending}>
            Create checkout link
          </Button>
        </form>
      )}
      <InlineError error={create.error} />
      {create.data && (
        <a href={create.data.url} target="_blank" rel="noreferrer" className="mt-3 inline-flex items-center gap-1 break-all text-sm text-indigo-700 underline dark:text-indigo-300">
          Open the checkout page <ExternalLink aria-hidden className="size-4" />
        </a>
      )}
      {create.data && testMode && priceId !== "" && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            busy={complete.isPending}
            disabled={complete.isSuccess}
            onClick={() => complete.mutate({ body: { full_code: fullCodeOf(create.data.url), price_id: priceId } })}
          >
            Complete as a test purchase ({priceId})
          </Button>
          {complete.isSuccess && <span className="text-sm text-zinc-600 dark:text-zinc-400">Purchase completed.</span>}
        </div>
      )}
      <InlineError error={complete.error} />
    </Card>
  );
}

function Stripe() {
  const trpc = useTRPC();
  const account = useQuery({ ...trpc.stripeAccountInfo.queryOptions(), retry: false });
  const setup = useMutation(trpc.setupPayments.mutationOptions({ onSuccess: (answer) => window.location.assign(answer.url) }));
  return (
    <Card title="Stripe" description="Real payments go through the project's Stripe account (Stripe Connect).">
      {account.isPending ? (
        <p className="text-sm">Checking the Stripe account…</p>
      ) : account.data ? (
        <div className="flex flex-wrap gap-2 text-sm">
          <span className="font-mono text-xs">{account.data.account_id}</span>
          {account.data.details_submitted ? <Badge tone="good">details submitted</Badge> : <Badge tone="warn">details missing</Badge>}
          {account.data.charges_enabled ? <Badge tone="good">charges on</Badge> : <Badge tone="warn">charges off</Badge>}
          {account.data.payouts_enabled ? <Badge tone="good">payouts on</Badge> : <Badge tone="warn">payouts off</Badge>}
        </div>
      ) : (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">No Stripe account is connected yet. {errorMessage(account.error)}</p>
      )}
      <div className="mt-3">
        <Button variant="secondary" busy={setup.isPending} onClick={() => setup.mutate({ body: {} })}>
          {account.data ? "Continue Stripe setup" : "Set up Stripe"}
        </Button>
      </div>
      <InlineError error={setup.error} />
    </Card>
  );
}

function Transactions() {
  const trpc = useTRPC();
  const list = useQuery(trpc.listTransactions.queryOptions({ query: { limit: "50" } }));
  return (
    <Card
      title="Transactions"
      description="Purchases and item changes, newest first."
      actions={
        <Button variant="secondary" busy={list.isFetching} onClick={() => void list.refetch()}>
          Refresh transactions
        </Button>
      }
    >
      <QueryView query={list} what="the transactions">
        {(t) =>
          t.transactions.length === 0 ? (
            <Empty title="No transactions yet" />
          ) : (
            <Table caption="Transactions" head={["When", "Type", "Customer", "Offer", "Quantity", "Mode"]}>
              {t.transactions.map((tx) => (
                <tr key={tx.id}>
                  <td className={td}>{formatDate(tx.created_at_millis)}</td>
                  <td className={td}>{tx.type.replace(/_/g, " ")}</td>
                  <td className={`${td} font-mono text-xs`}>
                    {tx.customer_type}: {tx.customer_id}
                  </td>
                  <td className={td}>{tx.offer_display_name ?? tx.item_id ?? "—"}</td>
                  <td className={td}>{tx.quantity}</td>
                  <td className={td}>{tx.test_mode ? <Badge tone="warn">test</Badge> : <Badge tone="good">live</Badge>}</td>
                </tr>
              ))}
            </Table>
          )
        }
      </QueryView>
    </Card>
  );
}

export default function Payments() {
  const tree = useConfigTree();
  const project = useAdminProject();
  const save = useConfigOverride("Payments saved");
  return (
    <>
      <PageHeader title="Payments" description="Sell offers to your users and teams; items record what they hold." />
      <QueryView query={tree} what="the payment settings">
        {(t) => {
          const payments = (t.payments ?? {}) as PaymentsTree;
          const testMode = payments.testMode ?? !project.data?.is_production_mode;
          return (
            <div className="flex flex-col gap-4">
              <Card title="Test mode">
                <Switch
                  label="Test mode"
                  description="Purchases complete without payment. On by default until the project is in production mode."
                  checked={testMode}
                  onChange={(v) => save.mutate({ body: { config_override_string: JSON.stringify({ "payments.testMode": v }) } })}
                />
                <InlineError error={save.error} />
              </Card>
              <Items payments={payments} />
              <Offers payments={payments} />
              <TestCheckout payments={payments} testMode={testMode} />
              <Stripe />
              <Transactions />
            </div>
          );
        }}
      </QueryView>
    </>
  );
}
