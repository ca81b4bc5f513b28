/** How prices, intervals and dates read on the payments pages. */
import type { Interval, Price } from "./payments-api.js";

const currencyOrder = ["USD", "EUR", "GBP", "JPY", "INR", "AUD", "CAD"] as const;

const unitNames: Record<string, Record<Interval[1], [string, string]>> = {
  en: { day: ["day", "days"], week: ["week", "weeks"], month: ["month", "months"], year: ["year", "years"] },
  de: { day: ["Tag", "Tage"], week: ["Woche", "Wochen"], month: ["Monat", "Monate"], year: ["Jahr", "Jahre"] },
};

export function intervalText([count, unit]: Interval, locale: string): string {
  const names = (unitNames[locale] ?? unitNames.en!)[unit];
  return count === 1 ? names[0] : `${count} ${names[1]}`;
}

/** Each currency's amount, e.g. `$20.00 · €18.50`, with `/ month` for recurring prices. */
export function priceText(price: Price, locale: string): string {
  const amounts = currencyOrder
    .filter((c) => price[c] !== undefined)
    .map((c) => new Intl.NumberFormat(locale, { style: "currency", currency: c }).format(Number(price[c])));
  const base = amounts.join(" · ");
  return price.interval && price.interval[0] > 0 ? `${base} / ${intervalText(price.interval, locale)}` : base;
}

export function dateText(millis: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(millis));
}

/** The full code from a `/handler/purchase/<code>` address. */
export function codeFromLocation(pathname: string): string {
  const match = /\/purchase\/([^/?#]+)/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : "";
}
