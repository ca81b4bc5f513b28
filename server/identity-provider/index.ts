/** The project as an OAuth 2.1 / OpenID Connect identity provider (issue 40; docs/IDENTITY-PROVIDER.md). */
import type { Hono } from "hono";
import type { AppDeps } from "../deps.js";
import { mountBrowserRoutes } from "./browser-routes.js";
import { mountProtocolRoutes } from "./protocol-routes.js";

/** Registers the protocol endpoints and the consent page; call before the REST routes and the pages. */
export function mountIdentityProvider(app: Hono, deps: AppDeps): void {
  mountProtocolRoutes(app, deps);
  mountBrowserRoutes(app, deps);
}
