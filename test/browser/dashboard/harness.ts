/**
 * The dashboard's browser-test harness: the real app in-process (fresh database, the internal project
 * with known keys) listening on a loopback port, serving the built dashboard at /dashboard, and
 * screenshots in both themes with axe-core checks.
 */
import type { Page } from "playwright-core";
import type { Dialect } from "../../../server/db/store.js";
import { classTheme, shootThemes } from "../../support/chromium.js";
import { startInProcessServer, type InProcessServer } from "../../support/in-process-server.js";

export type DashboardServer = InProcessServer;

export function startDashboardServer(dialect: Dialect): Promise<DashboardServer> {
  return startInProcessServer(dialect, { frontend: "dashboard" });
}

export const AREA = "dashboard";

/**
 * Screenshots of the page in light and dark at its current width (`<name>-<theme>`), with no serious or
 * critical axe-core finding and no horizontal overflow in either.
 */
export function shootBoth(page: Page, name: string): Promise<void> {
  return shootThemes(page, AREA, name, { themes: classTheme });
}
