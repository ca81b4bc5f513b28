/**
 * The hosted checkout page, `/handler/purchase/<project>_<code>`: shows the offer behind the code (its
 * prices and included items) and completes the purchase, in test mode at once, otherwise by handing over
 * to Stripe Checkout (which sends the buyer back here with `?status=success` or `?status=cancelled`).
 */
import { useCallback, useEffect, useId, useState } from "react";
import { Alert, Button, Card, LoadingCard } from "@latchkey/react/ui";
import { useLocale, useMessages } from "../../react.js";
import { codeFromLocation, intervalText, priceText } from "./format.js";
import { fill, paymentMessages } from "./messages.js";
import { checkoutApi, PaymentsApiError, type CheckoutCode } from "./payments-api.js";
import "./payments.css";

type Loaded = { state: "loading" } | { state: "invalid" } | { state: "failed" } | { state: "ready"; code: CheckoutCode } | { state: "done"; offer: string };

function IncludedItems({ code }: { code: CheckoutCode }) {
  const t = useMessages(paymentMessages);
  const locale = useLocale();
  const items = Object.entries(code.offer.included_items);
  return (
    <section className="lk-pay-section" aria-labelledby="lk-pay-included">
      <h2 id="lk-pay-included">{t.included}</h2>
      {items.length === 0 ? (
        <p className="lk-muted">{t.noItems}</p>
      ) : (
        <ul className="lk-pay-list">
          {items.map(([id, item]) => {
            const notes = [
              Array.isArray(item.repeat) && item.repeat[0] > 0 ? fill(t.everyInterval, { interval: intervalText(item.repeat, locale) }) : null,
              item.expires === "when-repeated" ? t.expiresWhenRepeated : item.expires === "when-purchase-expires" ? t.expiresWithPurchase : null,
            ].filter((note): note is string => note !== null);
            return (
              <li key={id}>
                <span>
                  <span className="lk-pay-quantity">{item.quantity.toLocaleString(locale)}</span> × {item.display_name}
                </span>
                {notes.length > 0 && <span className="lk-muted lk-small">{notes.join(", ")}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Offer({ fullCode, code, status, onDone }: { fullCode: string; code: CheckoutCode; status: string | null; onDone: () => void }) {
  const t = useMessages(paymentMessages);
  const locale = useLocale();
  const groupName = useId();
  const priceIds = Object.keys(code.offer.prices);
  const [priceId, setPriceId] = useState(priceIds[0] ?? "");
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // In test mode the page completes the purchase only where the project lets the code alone do it.
  const payable = code.test_mode ? code.test_purchase_with_code : code.stripe_ready;

  const buy = async () => {
    setBusy(true);
    setError(null);
    try {
      if (code.test_mode) {
        await checkoutApi.completeTestPurchase(fullCode, priceId, quantity);
        onDone();
      } else {
        const { url } = await checkoutApi.startStripeCheckout(fullCode, priceId, quantity);
        window.location.assign(url);
      }
    } catch (e) {
      setError(fill(t.purchaseFailed, { reason: e instanceof PaymentsApiError ? e.message : String(e) }));
      setBusy(false);
    }
  };

  return (
    <Card fullPage title={t.checkoutTitle} subtitle={fill(t.offeredBy, { project: code.project_display_name })}>
      <div className="lk-form">
        <p className="lk-pay-offer">{code.offer.display_name}</p>
        {status === "success" && <Alert kind="success">{t.paymentReceived}</Alert>}
        {status === "cancelled" && <Alert>{t.cancelledText}</Alert>}
        {code.offer.free_trial && <p className="lk-muted">{fill(t.freeTrial, { interval: intervalText(code.offer.free_trial, locale) })}</p>}
        <fieldset className="lk-pay-prices">
          <legend className="lk-label">{t.choosePrice}</legend>
          {priceIds.map((id) => (
            <label key={id} className="lk-pay-price">
              <input type="radio" name={groupName} value={id} checked={priceId === id} onChange={() => setPriceId(id)} />
              <span className="lk-pay-price-amount">{priceText(code.offer.prices[id]!, locale)}</span>
            </label>
          ))}
        </fieldset>
        {code.offer.stackable && (
          <div className="lk-field">
            <label className="lk-label" htmlFor={`${groupName}-quantity`}>
              {t.quantity}
            </label>
            <input
              id={`${groupName}-quantity`}
              className="lk-input"
              type="number"
              min={1}
              max={1000}
              value={quantity}
              onChange={(event) => setQuantity(Math.max(1, Math.min(1000, Number(event.target.value) || 1)))}
            />
          </div>
        )}
        <IncludedItems code={code} />
        {code.test_mode && <p className="lk-pay-note">{payable ? t.testModeNote : t.testModeAdminOnly}</p>}
        {!payable && !code.test_mode && <Alert>{t.notPayable}</Alert>}
        <Alert>{error}</Alert>
        <Button onClick={() => void buy()} busy={busy} disabled={!payable || priceId === ""}>
          {code.test_mode ? t.completeTest : t.continueToPayment}
        </Button>
      </div>
    </Card>
  );
}

export default function CheckoutPage() {
  const t = useMessages(paymentMessages);
  const fullCode = codeFromLocation(window.location.pathname);
  const status = new URL(window.location.href).searchParams.get("status");
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });

  const load = useCallback(() => {
    setLoaded({ state: "loading" });
    checkoutApi.validate(fullCode).then(
      (code) => setLoaded({ state: "ready", code }),
      // Unknown, used or lapsed codes answer VERIFICATION_CODE_* (404, 409, 400), as Stack's do.
      (error: unknown) => setLoaded({ state: error instanceof PaymentsApiError && (error.code?.startsWith("VERIFICATION_CODE_") || error.status === 400) ? "invalid" : "failed" }),
    );
  }, [fullCode]);

  useEffect(() => {
    document.title = t.checkoutTitle;
    load();
  }, [load, t.checkoutTitle]);

  switch (loaded.state) {
    case "loading":
      return <LoadingCard fullPage />;
    case "invalid":
      // After paying at Stripe the code is used up: that is the success case, not an error.
      return status === "success" ? (
        <Card fullPage title={t.successTitle}>
          <Alert kind="success">{t.paymentReceived}</Alert>
        </Card>
      ) : (
        <Card fullPage title={t.invalidTitle}>
          <p className="lk-muted lk-center">{t.invalidText}</p>
        </Card>
      );
    case "failed":
      return (
        <Card fullPage title={t.checkoutTitle}>
          <Alert>{t.loadFailed}</Alert>
          <Button variant="secondary" onClick={load}>
            {t.retry}
          </Button>
        </Card>
      );
    case "done":
      return (
        <Card fullPage title={t.successTitle}>
          <Alert kind="success">{fill(t.successText, { offer: loaded.offer })}</Alert>
        </Card>
      );
    case "ready":
      return <Offer fullCode={fullCode} code={loaded.code} status={status} onDone={() => setLoaded({ state: "done", offer: loaded.code.offer.display_name })} />;
  }
}
