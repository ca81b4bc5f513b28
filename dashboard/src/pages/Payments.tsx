/**
 * Payments: test mode, items, offers with their prices and included items (all in the project
 * configuration's `payments` subtree), a test checkout link, Stripe onboarding and the transactions.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Badge, Button, Card, Empty, Field, formatDate, InlineError, Input, PageHeader, QueryView, Select, Switch } from "../components/ui.js";
import { ResponsiveTable } from "../components/responsive-table.js";
import { ItemsCard } from "../components/payments/items-card.js";
import { OffersCard } from "../components/payments/offers-card.js";
import type { PaymentsTree } from "../components/payments/types.js";
import type { PickerOption } from "../components/pickers/search-picker.js";
import { TeamPicker } from "../components/pickers/team-picker.js";
import { UserPicker } from "../components/pickers/user-picker.js";
import { errorMessage, useTRPC } from "../lib/trpc.js";
import { useAdminProject, useConfigOverride, useConfigTree } from "../lib/use-project.js";

/** The full code of a checkout URL (`…/handler/purchase/«code»?…`). */
function fullCodeOf(url: string): string {
  return decodeURIComponent(/\/handler\/purchase\/([^/?#]+)/.exec(url)?.[1] ?? "");
}

function TestCheckout({ payments, testMode }: { payments: PaymentsTree; testMode: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const offers = Object.keys(payments.offers ?? {});
  const [offerId, setOfferId] = useState("");
  const [customer, setCustomer] = useState<PickerOption | null>(null);
  const [customId, setCustomId] = useState("");
  const complete = useMutation(trpc.testModePurchaseSession.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.listTransactions.queryKey() }) }));
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
            const customerId = customerType === "custom" ? customId.trim() : customer?.id;
            if (customerId) create.mutate({ body: { offer_id: offer, customer_type: customerType, customer_id: customerId } });
          }}
        >
          <Field label="Offer">
            {(fid) => (
              <Select id={fid} value={offer} onChange={(e) => (setOfferId(e.target.value), setCustomer(null))}>
                {offers.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <div className="w-full max-w-sm">
            {customerType === "user" ? (
              <UserPicker label="Customer (user)" value={customer} onChange={setCustomer} />
            ) : customerType === "team" ? (
              <TeamPicker label="Customer (team)" value={customer} onChange={setCustomer} />
            ) : (
              <Field label="Customer (your own customer id)">{(fid) => <Input id={fid} className="font-mono" required value={customId} onChange={(e) => setCustomId(e.target.value)} />}</Field>
            )}
          </div>
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
          <Button variant="secondary" busy={complete.isPending} disabled={complete.isSuccess} onClick={() => complete.mutate({ body: { full_code: fullCodeOf(create.data.url), price_id: priceId } })}>
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
            <ResponsiveTable
              caption="Transactions"
              rows={t.transactions}
              rowKey={(tx) => tx.id}
              columns={[
                { header: "When", title: true, cell: (tx) => formatDate(tx.created_at_millis) },
                { header: "Type", cell: (tx) => tx.type.replace(/_/g, " ") },
                { header: "Customer", cell: (tx) => <span className="font-mono text-xs break-all">{tx.customer_type}: {tx.customer_id}</span> },
                { header: "Offer", cell: (tx) => tx.offer_display_name ?? tx.item_id ?? "—" },
                { header: "Quantity", cell: (tx) => tx.quantity },
                { header: "Mode", cell: (tx) => (tx.test_mode ? <Badge tone="warn">test</Badge> : <Badge tone="good">live</Badge>) },
              ]}
            />
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
              <ItemsCard payments={payments} />
              <OffersCard payments={payments} />
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
