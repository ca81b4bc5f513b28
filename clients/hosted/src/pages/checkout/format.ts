/** How prices, intervals and dates read on the payments pages. */
import type { Interval, Price } from "./payments-api.js";

const currencyOrder = ["USD", "EUR", "GBP", "JPY", "INR", "AUD", "CAD"] as const;

const unitNames: Record<string, Record<Interval[1], [string, string]>> = {
  en: { day: ["day", "days"], week: ["week", "weeks"], month: ["month", "months"], year: ["year", "years"] },
  de: { day: ["Tag", "Tage"], week: ["Woche", "Wochen"], month: ["Monat", "Monate"], year: ["Jahr", "Jahre"] },
  fr: { day: ["jour", "jours"], week: ["semaine", "semaines"], month: ["mois", "mois"], year: ["an", "ans"] },
  es: { day: ["día", "días"], week: ["semana", "semanas"], month: ["mes", "meses"], year: ["año", "años"] },
  "pt-BR": { day: ["dia", "dias"], week: ["semana", "semanas"], month: ["mês", "meses"], year: ["ano", "anos"] },
  it: { day: ["giorno", "giorni"], week: ["settimana", "settimane"], month: ["mese", "mesi"], year: ["anno", "anni"] },
  ja: { day: ["日", "日"], week: ["週", "週間"], month: ["月", "か月"], year: ["年", "年"] },
  "zh-CN": { day: ["天", "天"], week: ["周", "周"], month: ["月", "个月"], year: ["年", "年"] },
};

export function intervalText([count, unit]: Interval, locale: string): string {
  const names = (unitNames[locale] ?? unitNames.en!)[unit];
  // Japanese and Chinese write no space between a number and its unit.
  return count === 1 ? names[0] : `${count}${locale === "ja" || locale === "zh-CN" ? "" : " "}${names[1]}`;
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
