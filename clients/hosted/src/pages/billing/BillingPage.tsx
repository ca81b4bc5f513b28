/**
 * The hosted billing page, `/handler/billing`: the signed-in user's offers in force and item balances,
 * and cancelling a subscription. Signed-out visitors are sent to sign in first.
 */
import { useCallback, useEffect, useState } from "react";
import { Alert, Button, Card, LoadingCard } from "@latchkey/react/ui";
import { useStackApp, useUser } from "@latchkey/react";
import { readBootstrap } from "../../bootstrap.js";
import { useLocale, useMessages } from "../../react.js";
import { dateText, priceText } from "../checkout/format.js";
import { fill, paymentMessages } from "../checkout/messages.js";
import { billingApi, type CustomerOverview, type CustomerPurchase } from "../checkout/payments-api.js";
import "../checkout/payments.css";

type Api = ReturnType<typeof billingApi>;

function Purchase({ purchase, onCancel }: { purchase: CustomerPurchase; onCancel: () => Promise<void> }) {
  const t = useMessages(paymentMessages);
  const locale = useLocale();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      await onCancel();
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <li className="lk-pay-purchase">
      <strong>
        {purchase.offer_display_name}
        {purchase.quantity > 1 && ` × ${purchase.quantity}`}
        {purchase.test_mode && <span className="lk-pay-badge">{t.testBadge}</span>}
      </strong>
      <span className="lk-muted lk-small">
        {[purchase.type === "subscription" ? t.subscription : t.oneTime, purchase.price ? priceText(purchase.price, locale) : null]
          .filter(Boolean)
          .join(" · ")}
      </span>
      {purchase.type === "subscription" && purchase.current_period_end_millis !== null && (
        <span className="lk-muted lk-small">{fill(t.renews, { date: dateText(purchase.current_period_end_millis, locale) })}</span>
      )}
      {purchase.type === "subscription" &&
        (confirming ? (
          <div className="lk-stack">
            <p className="lk-small">{fill(t.cancelConfirm, { offer: purchase.offer_display_name })}</p>
            <div className="lk-pay-actions">
              <Button onClick={() => void cancel()} busy={busy}>
                {t.confirmCancel}
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                {t.keep}
              </Button>
            </div>
          </div>
        ) : (
          <div className="lk-pay-actions">
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {t.cancel}
            </Button>
          </div>
        ))}
    </li>
  );
}

function Overview({ api, userId }: { api: Api; userId: string }) {
  const t = useMessages(paymentMessages);
  const locale = useLocale();
  const [overview, setOverview] = useState<CustomerOverview | null | "failed">(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(() => {
    api.overview("user", userId).then(setOverview, () => setOverview("failed"));
  }, [api, userId]);
  useEffect(load, [load]);

  if (overview === null) return <LoadingCard fullPage />;
  if (overview === "failed") {
    return (
      <Card fullPage title={t.billingTitle}>
        <Alert>{t.billingFailed}</Alert>
        <Button variant="secondary" onClick={load}>
          {t.retry}
        </Button>
      </Card>
    );
  }
  return (
    <Card fullPage title={t.billingTitle}>
      <div className="lk-form">
        <Alert kind="success">{notice}</Alert>
        <section className="lk-pay-section" aria-labelledby="lk-pay-offers">
          <h2 id="lk-pay-offers">{t.activeOffers}</h2>
          {overview.purchases.length === 0 ? (
            <p className="lk-muted">{t.noOffers}</p>
          ) : (
            <ul className="lk-pay-list">
              {overview.purchases.map((purchase) => (
                <Purchase
                  key={purchase.id}
                  purchase={purchase}
                  onCancel={async () => {
                    await api.cancel("user", userId, purchase.id);
                    setNotice(fill(t.cancelled, { offer: purchase.offer_display_name }));
                    load();
                  }}
                />
              ))}
            </ul>
          )}
        </section>
        <section className="lk-pay-section" aria-labelledby="lk-pay-balances">
          <h2 id="lk-pay-balances">{t.balances}</h2>
          {overview.items.length === 0 ? (
            <p className="lk-muted">{t.noBalances}</p>
          ) : (
            <ul className="lk-pay-list">
              {overview.items.map((item) => (
                <li key={item.id}>
                  <span>{item.display_name}</span>
                  <span className="lk-pay-quantity">{item.quantity.toLocaleString(locale)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Card>
  );
}

export default function BillingPage() {
  const t = useMessages(paymentMessages);
  const app = useStackApp();
  const user = useUser({ or: "redirect" });
  const [api, setApi] = useState<Api | null>(null);
  const publishableKey = readBootstrap().publishableClientKey;

  useEffect(() => {
    document.title = t.billingTitle;
  }, [t.billingTitle]);

  useEffect(() => {
    let live = true;
    void user.getAuthJson().then(({ accessToken }) => {
      if (live && accessToken && publishableKey) setApi(billingApi(app.projectId, publishableKey, accessToken));
    });
    return () => {
      live = false;
    };
  }, [app, user, publishableKey]);

  if (!publishableKey) {
    return (
      <Card fullPage title={t.billingTitle}>
        <p className="lk-muted lk-center">{t.signInNeeded}</p>
      </Card>
    );
  }
  return api ? <Overview api={api} userId={user.id} /> : <LoadingCard fullPage />;
}
