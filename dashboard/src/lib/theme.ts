/** Light and dark: the owner's choice in localStorage, else the system's preference. */
export type Theme = "light" | "dark";
const STORAGE = "latchkey.dashboard.theme";

export function initialTheme(): Theme {
  const stored = localStorage.getItem(STORAGE);
  if (stored === "light" || stored === "dark") return stored;
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

export function applyTheme(theme: Theme, remember = false): void {
  document.documentElement.classList.toggle("dark", theme === "dark");
  document.documentElement.style.colorScheme = theme;
  if (remember) localStorage.setItem(STORAGE, theme);
}
