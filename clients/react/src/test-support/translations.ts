/**
 * Checks a catalogue's translations against its English texts, for the tests of every catalogue: each
 * locale's module is loaded through the catalogue's own loader (as a page would load it).
 */
import { locales, type Catalogue, type LoadedLocale } from "../i18n/locale.js";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

/** What is wrong with `catalogue`'s translations: missing and extra keys, empty texts, other placeholders. */
export async function translationProblems(name: string, catalogue: Catalogue<string>): Promise<string[]> {
  const problems: string[] = [];
  const english = catalogue.en;
  for (const locale of locales) {
    if (locale === "en") continue;
    const texts: Record<string, string> = await catalogue.loaders[locale as LoadedLocale]();
    for (const key of Object.keys(english)) {
      const text = texts[key];
      if (text === undefined) problems.push(`${name}.${locale}: missing ${key}`);
      else if (text.trim() === "") problems.push(`${name}.${locale}: empty ${key}`);
      else if (placeholders(text).join() !== placeholders(english[key]!).join()) problems.push(`${name}.${locale}: ${key} has {${placeholders(text).join("}, {")}}, English {${placeholders(english[key]!).join("}, {")}}`);
    }
    for (const key of Object.keys(texts)) if (!(key in english)) problems.push(`${name}.${locale}: extra ${key}`);
  }
  return problems;
}
