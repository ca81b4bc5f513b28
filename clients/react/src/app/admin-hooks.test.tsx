import { Suspense } from "react";
import { prerender } from "react-dom/static";
import { describe, expect, it } from "vitest";
import type { CurrentUser } from "@latchkey/js";
import { adminProjectJson, fakeJwt, json, known, userJson } from "../test-support/fake-server.js";
import { appIdentity, StackAdminApp, StackClientApp } from "./apps.js";
import { isCurrentInternalUser, type CurrentInternalUser } from "./internal-user.js";
import { objectReadKey, objectReads } from "./object-hooks.js";

async function render(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return (await new Response(prelude).text()).replaceAll("<!-- -->", "");
}

type Route = (init: RequestInit, url: URL) => Response;
const bodyOf = <T,>(init: RequestInit) => JSON.parse(String(init.body)) as T;
const transaction = (id: string, quantity: number) => ({ id, type: "item_quantity_change", customer_type: "user", customer_id: "u1", item_id: "credits", quantity, offer_display_name: null, price: null, status: null, test_mode: false, created_at_millis: 0 });

/** An admin app over an in-memory project: e-mail themes, templates, drafts, the sent log and payments. */
function fakeAdmin() {
  const themes = [{ id: "th1", display_name: "Light" }];
  const templates = [{ id: "tp1", display_name: "Welcome", tsx_source: "v1" }];
  const drafts: { id: string; display_name: string; tsx_source: string }[] = [];
  const sent: { id: string; to: string[]; subject: string; sent_at_millis: number; sender_config: { type: "shared" } }[] = [];
  const transactions = [transaction("tx1", 5)];
  let stripeAccount: string | null = null;
  const routes: Record<string, Route> = {
    "GET /internal/email-themes": () => json({ themes }),
    "POST /internal/email-themes": (init) => {
      themes.push({ id: `th${themes.length + 1}`, display_name: bodyOf<{ display_name: string }>(init).display_name });
      return json({ id: themes.at(-1)!.id });
    },
    "GET /internal/email-templates": () => json({ templates }),
    "POST /internal/email-templates": (init) => {
      templates.push({ id: `tp${templates.length + 1}`, display_name: bodyOf<{ display_name: string }>(init).display_name, tsx_source: "starter" });
      return json({ id: templates.at(-1)!.id });
    },
    "PATCH /internal/email-templates/tp1": (init) => {
      templates[0]!.tsx_source = bodyOf<{ tsx_source: string }>(init).tsx_source;
      return json({ rendered_html: `<p>${templates[0]!.tsx_source}</p>` });
    },
    "POST /emails/render-email": (init) => json({ html: `<p>${templates.find((t) => t.id === bodyOf<{ template_id: string }>(init).template_id)?.tsx_source}</p>` }),
    "GET /internal/email-drafts": () => json({ drafts }),
    "POST /internal/email-drafts": (init) => {
      drafts.unshift({ id: `d${drafts.length + 1}`, display_name: bodyOf<{ display_name: string }>(init).display_name, tsx_source: "starter" });
      return json({ id: drafts[0]!.id });
    },
    "GET /internal/emails": () => json({ items: sent }),
    "POST /emails/send-email": (init) => {
      sent.unshift({ id: `m${sent.length + 1}`, to: ["ada@example.com"], subject: bodyOf<{ subject: string }>(init).subject, sent_at_millis: 0, sender_config: { type: "shared" } });
      return json({ results: [{ user_id: "u1" }] });
    },
    "GET /internal/payments/transactions": (_init, url) => json({ transactions: transactions.slice(0, Number(url.searchParams.get("limit") ?? 50)), next_cursor: null }),
    "POST /payments/items/user/u1/credits/update-quantity": (init) => {
      transactions.unshift(transaction(`tx${transactions.length + 1}`, bodyOf<{ delta: number }>(init).delta));
      return json({ id: transactions[0]!.id });
    },
    "GET /internal/payments/stripe/account-info": () =>
      stripeAccount === null ? known("STRIPE_ACCOUNT_INFO_NOT_FOUND", 404) : json({ account_id: stripeAccount, charges_enabled: false, details_submitted: false, payouts_enabled: false }),
    "POST /internal/payments/setup": () => {
      stripeAccount = "acct_1";
      return json({ url: "https://connect.stripe.test/onboarding" });
    },
  };
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const route = routes[`${init?.method ?? "GET"} ${url.pathname.replace("/api/v1", "")}`];
    if (!route) throw new Error(`no route for ${init?.method ?? "GET"} ${url.pathname}`);
    return route(init ?? {}, url);
  };
  return new StackAdminApp({ baseUrl: "http://api.test", projectId: "p1", publishableClientKey: "pck", secretServerKey: "ssk", superSecretAdminKey: "sak", tokenStore: "memory", fetch: fetchImpl as typeof fetch });
}

/**
 * Watches what a hook of the app reads, as the mounted component does (the hook subscribes to the same
 * cache entry): answers the values seen, the latest last.
 */
function watch(app: StackAdminApp, method: string, args: readonly unknown[] = []) {
  const seen: unknown[] = [];
  const stop = objectReads(app._context).subscribe(objectReadKey(appIdentity, method, args), (value) => seen.push(value));
  return { latest: () => seen.at(-1), stop };
}

function EmailLists({ app }: { app: StackAdminApp }) {
  const themes = app.useEmailThemes();
  const templates = app.useEmailTemplates();
  const drafts = app.useEmailDrafts();
  const sent = app.useSentEmails();
  const preview = app.useEmailPreview({ templateId: "tp1", themeId: false });
  return (
    <ul>
      <li>themes: {themes.map((t) => t.displayName).join()}</li>
      <li>templates: {templates.map((t) => t.displayName).join()}</li>
      <li>drafts: {drafts.length}</li>
      <li>sent: {sent.length}</li>
      <li>preview: {preview}</li>
    </ul>
  );
}

function PaymentLists({ app }: { app: StackAdminApp }) {
  const { transactions, nextCursor } = app.useTransactions({ limit: 10 });
  const stripe = app.useStripeAccountInfo();
  return <p>transactions: {transactions.map((t) => `${t.id}=${t.quantity}`).join()} next={String(nextCursor)} stripe={stripe?.account_id ?? "none"}</p>;
}

describe("admin e-mail hooks", () => {
  it("useEmailThemes, useEmailTemplates, useEmailDrafts, useSentEmails and useEmailPreview render the project's e-mail lists", async () => {
    const app = fakeAdmin();
    const html = await render(<Suspense fallback="loading"><EmailLists app={app} /></Suspense>);
    expect(html).toContain("themes: Light");
    expect(html).toContain("templates: Welcome");
    expect(html).toContain("drafts: 0");
    expect(html).toContain("sent: 0");
    expect(html).toContain("preview: &lt;p&gt;v1&lt;/p&gt;");
  });

  it("hand their watchers the new list after a change made through the app", async () => {
    const app = fakeAdmin();
    await render(<Suspense fallback="loading"><EmailLists app={app} /></Suspense>);
    const themes = watch(app, "listEmailThemes");
    const templates = watch(app, "listEmailTemplates");
    const drafts = watch(app, "listEmailDrafts");
    const sent = watch(app, "listSentEmails");
    const preview = watch(app, "getEmailPreview", [{ templateId: "tp1", themeId: false }]);

    await app.createEmailTheme("Brand");
    await expect.poll(() => (themes.latest() as { displayName: string }[] | undefined)?.map((t) => t.displayName)).toEqual(["Light", "Brand"]);
    await app.createEmailTemplate("Receipt");
    await expect.poll(() => (templates.latest() as { displayName: string }[] | undefined)?.map((t) => t.displayName)).toEqual(["Welcome", "Receipt"]);
    await app.createEmailDraft({ displayName: "Launch" });
    await expect.poll(() => (drafts.latest() as { displayName: string }[] | undefined)?.map((d) => d.displayName)).toEqual(["Launch"]);
    await app.sendEmail({ userIds: ["u1"], subject: "Hello", html: "<p>Hi</p>" });
    await expect.poll(() => (sent.latest() as { subject: string }[] | undefined)?.map((m) => m.subject)).toEqual(["Hello"]);
    await app.updateEmailTemplate("tp1", "v2", null);
    await expect.poll(() => preview.latest()).toBe("<p>v2</p>");
    for (const watcher of [themes, templates, drafts, sent, preview]) watcher.stop();

    const html = await render(<Suspense fallback="loading"><EmailLists app={app} /></Suspense>);
    expect(html).toContain("themes: Light,Brand");
    expect(html).toContain("drafts: 1");
  });
});

describe("admin payments hooks", () => {
  it("useTransactions and useStripeAccountInfo render the payments lists, and follow changes made through the app", async () => {
    const app = fakeAdmin();
    expect(await render(<Suspense fallback="loading"><PaymentLists app={app} /></Suspense>)).toContain("transactions: tx1=5 next=null stripe=none");

    const transactions = watch(app, "listTransactions", [{ limit: 10 }]);
    const stripe = watch(app, "getStripeAccountInfo");
    await app.createItemQuantityChange({ userId: "u1", itemId: "credits", quantity: 3 });
    await expect.poll(() => (transactions.latest() as { transactions: { id: string }[] } | undefined)?.transactions.map((t) => t.id)).toEqual(["tx2", "tx1"]);
    await app.setupPayments();
    await expect.poll(() => (stripe.latest() as { account_id: string } | null | undefined)?.account_id).toBe("acct_1");
    transactions.stop();
    stripe.stop();

    expect(await render(<Suspense fallback="loading"><PaymentLists app={app} /></Suspense>)).toContain("transactions: tx2=3,tx1=5 next=null stripe=acct_1");
  });
});


/** The signed-in user as a project owner (a user of the internal project has the owner's methods). */
function asOwner(user: CurrentUser | null): CurrentInternalUser {
  if (!isCurrentInternalUser(user)) throw new Error("expected a user of the internal project");
  return user;
}

describe("owned projects' admin apps", () => {
  it("user.useOwnedProjects() hands out projects whose app has the admin hooks, acting for that project", async () => {
    const projects = [adminProjectJson("p-shop", "Shop"), adminProjectJson("p-blog", "Blog")];
    const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const key = `${init?.method ?? "GET"} ${url.pathname.replace("/api/v1", "")}`;
      const projectId = new Headers(init?.headers).get("x-stack-project-id");
      if (key === "GET /users/me") return json(userJson);
      if (key === "GET /internal/projects" && projectId === "internal") return json({ items: projects, is_paginated: false });
      // Each owned project's app reads its own project (the header names it), through the owner's session.
      const own = projects.find((p) => p.id === projectId);
      if (key === "GET /internal/projects/current" && own) return json({ ...own, display_name: `${own.display_name} (read by its app)` });
      throw new Error(`no route for ${key} of ${projectId}`);
    };
    const app = new StackClientApp({ baseUrl: "http://api.test", projectId: "internal", publishableClientKey: "pck", tokenStore: { accessToken: fakeJwt(Date.now() + 600_000), refreshToken: "r1" }, fetch: fetchImpl as typeof fetch });

    function OwnedProject({ admin }: { admin: StackAdminApp }) {
      const project = admin.useProject();
      return <li>{project.id}: {project.displayName}</li>;
    }
    function OwnedProjects() {
      const owner = asOwner(app.useUser({ or: "throw" }));
      const owned = owner.useOwnedProjects();
      return <ul>{owned.map((p) => <OwnedProject key={p.id} admin={p.app} />)}</ul>;
    }
    const html = await render(<Suspense fallback="loading"><OwnedProjects /></Suspense>);
    expect(html).toContain("p-shop: Shop (read by its app)");
    expect(html).toContain("p-blog: Blog (read by its app)");

    const [shop] = await asOwner(await app.getUser({ or: "throw" })).listOwnedProjects();
    expect(shop?.app).toBeInstanceOf(StackAdminApp);
  });
});
