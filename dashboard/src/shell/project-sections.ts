/**
 * The project's pages: one table serves both the router (App.tsx) and the sidebar (ProjectLayout.tsx), so a page
 * cannot be routed without a place in the navigation or listed without a route. Detail pages (`details`) are
 * routed under their section and light up its sidebar entry.
 */
import { AppWindow, Boxes, CreditCard, Database, Globe, KeyRound, LayoutDashboard, Mail, Plug, ScrollText, Settings, Shield, Users, UsersRound, Webhook, Workflow, type LucideIcon } from "lucide-react";
import type { ComponentType } from "react";

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

export interface ProjectSection {
  /** Path under `/projects/:projectId`; "" is the project's overview. */
  path: string;
  label: string;
  icon: LucideIcon;
  load: PageLoader;
  /** Pages below this section, by path relative to the project (e.g. `users/:userId`). */
  details?: { path: string; load: PageLoader }[];
}

export const projectSections: readonly ProjectSection[] = [
  { path: "", label: "Overview", icon: LayoutDashboard, load: () => import("../pages/Overview.js") },
  { path: "connect", label: "Connect your app", icon: Plug, load: () => import("../pages/Connect.js") },
  { path: "users", label: "Users", icon: Users, load: () => import("../pages/Users.js"), details: [{ path: "users/:userId", load: () => import("../pages/UserDetail.js") }] },
  { path: "teams", label: "Teams", icon: UsersRound, load: () => import("../pages/Teams.js"), details: [{ path: "teams/:teamId", load: () => import("../pages/TeamDetail.js") }] },
  { path: "permissions", label: "Permissions", icon: Shield, load: () => import("../pages/Permissions.js") },
  { path: "auth-methods", label: "Auth methods", icon: KeyRound, load: () => import("../pages/AuthMethods.js") },
  { path: "domains", label: "Domains", icon: Globe, load: () => import("../pages/Domains.js") },
  { path: "emails", label: "E-mails", icon: Mail, load: () => import("../pages/Emails.js") },
  { path: "payments", label: "Payments", icon: CreditCard, load: () => import("../pages/Payments.js") },
  { path: "api-keys", label: "API keys", icon: Boxes, load: () => import("../pages/ApiKeys.js") },
  { path: "webhooks", label: "Webhooks", icon: Webhook, load: () => import("../pages/Webhooks.js") },
  { path: "oauth-apps", label: "OAuth apps", icon: AppWindow, load: () => import("../pages/OAuthApps.js") },
  { path: "workflows", label: "Workflows", icon: Workflow, load: () => import("../pages/Workflows.js") },
  { path: "data-vault", label: "Data vault", icon: Database, load: () => import("../pages/DataVault.js") },
  { path: "audit-log", label: "Audit log", icon: ScrollText, load: () => import("../pages/AuditLog.js") },
  { path: "settings", label: "Project settings", icon: Settings, load: () => import("../pages/Settings.js") },
];
