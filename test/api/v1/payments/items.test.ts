import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ApiResponse, type CallOptions, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";
import { expectStatusError } from "../../../support/known-errors.js";

const items = {
  "payments.items.credits": { displayName: "Credits", customerType: "user" },
  "payments.items.seats": { displayName: "Seats", customerType: "team" },
  "payments.items.tokens": { customerType: "custom" },
  "payments.items.bare": {},
};
const missingId = "0b6f5c3e-1d2a-4c8e-9f00-123456789abc";

function expectError(res: ApiResponse, status: number, code: string, details?: unknown) {
  expect([res.status, res.body.code, res.body.details]).toEqual([status, code, details]);
}

/** A project with the items above, a user with a session, a second user, and a team of the first. */
async function setUp(lk: TestInstance) {
  const project = await lk.createProject({ configOverride: items });
  const server = { access: "server" as const, project };
  const user = async (email: string) => {
    const created = await lk.call("POST", "/users", { ...server, body: { primary_email: email } });
    const session = await lk.call("POST", "/auth/sessions", { ...server, body: { user_id: created.body.id } });
    const client: CallOptions = { access: "client", project, headers: { "x-stack-access-token": session.body.access_token } };
    return { id: created.body.id as string, client };
  };
  const ada = await user("ada@example.com");
  const bob = await user("bob@example.com");
  const team = await lk.call("POST", "/teams", { ...server, body: { display_name: "Engines", creator_user_id: ada.id } });
  return { project, server, ada, bob, teamId: team.body.id as string };
}

function itemApi(lk: TestInstance, project: ProjectCredentials) {
  const path = (type: string, customer: string, item: string) => `/payments/items/${type}/${encodeURIComponent(customer)}/${item}`;
  return {
    get: (type: string, customer: string, item: string, options: CallOptions = { access: "server", project }) => lk.call("GET", path(type, customer, item), options),
    change: (type: string, customer: string, item: string, body: unknown, allowNegative: string | null = "false") =>
      lk.call("POST", `${path(type, customer, item)}/update-quantity${allowNegative === null ? "" : `?allow_negative=${allowNegative}`}`, { access: "server", project, body }),
    async quantity(type: string, customer: string, item: string) {
      const res = await this.get(type, customer, item);
      expect(res.status).toBe(200);
      return res.body.quantity as number;
    },
  };
}

/** Applies changes of `[customer type, customer id, item, delta]`, each of which must succeed. */
async function grant(api: ReturnType<typeof itemApi>, ...changes: [string, string, string, number][]) {
  for (const [type, customer, item, delta] of changes) expect((await api.change(type, customer, item, { delta })).status).toBe(200);
}

describe.each(testDialects)("payment items on %s", (dialect) => {
  it("reads an unset item as zero, and adds and takes away quantities", async () => {
    await using lk = await createTestInstance(dialect);
    const { project, ada, teamId } = await setUp(lk);
    const api = itemApi(lk, project);

    expect((await api.get("user", ada.id, "credits")).body).toEqual({ id: "credits", display_name: "Credits", quantity: 0 });
    expect((await api.get("custom", "customer-1", "tokens")).body).toEqual({ id: "tokens", display_name: "tokens", quantity: 0 });
    expect((await api.get("user", ada.id, "bare")).body).toEqual({ id: "bare", display_name: "bare", quantity: 0 });

    const added = await api.change("user", ada.id, "credits", { delta: 10, description: "welcome gift" });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await api.quantity("user", ada.id, "credits")).toBe(10);
    expect((await api.change("user", ada.id, "credits", { delta: -4 })).status).toBe(200);
    expect(await api.quantity("user", ada.id, "credits")).toBe(6);

    // allow_negative lets a decrease go below zero; an increase is never refused, even of a negative quantity.
    expect((await api.change("user", ada.id, "credits", { delta: -10 }, "true")).status).toBe(200);
    expect(await api.quantity("user", ada.id, "credits")).toBe(-4);
    expect((await api.change("user", ada.id, "credits", { delta: 1 })).status).toBe(200);
    expect(await api.quantity("user", ada.id, "credits")).toBe(-3);

    expect((await api.change("team", teamId, "seats", { delta: 5 })).status).toBe(200);
    expect((await api.get("team", teamId, "seats", { access: "admin", project })).body).toEqual({ id: "seats", display_name: "Seats", quantity: 5 });
    expect((await api.change("custom", "customer-1", "tokens", { delta: 2 })).status).toBe(200);
    expect(await api.quantity("custom", "customer-1", "tokens")).toBe(2);
    expect(await api.quantity("custom", "customer-2", "tokens")).toBe(0);
  });

  it("refuses a decrease below zero without allow_negative, changing nothing", async () => {
    await using lk = await createTestInstance(dialect);
    const { project, ada } = await setUp(lk);
    const api = itemApi(lk, project);
    await api.change("user", ada.id, "credits", { delta: 3 });

    const refused = await api.change("user", ada.id, "credits", { delta: -4 });
    expectError(refused, 400, "ITEM_QUANTITY_INSUFFICIENT_AMOUNT", { item_id: "credits", customer_id: ada.id, quantity: -4 });
    expect(await api.quantity("user", ada.id, "credits")).toBe(3);
    expect((await api.change("user", ada.id, "credits", { delta: -3 })).status).toBe(200);
    expect(await api.quantity("user", ada.id, "credits")).toBe(0);
    expectError(await api.change("user", ada.id, "credits", { delta: -1 }), 400, "ITEM_QUANTITY_INSUFFICIENT_AMOUNT", { item_id: "credits", customer_id: ada.id, quantity: -1 });
    expect(await lk.deps.store.db.select().from(lk.deps.store.t.itemQuantityChanges)).toHaveLength(2);
  });

  it("stops counting a change once it expires", async () => {
    await using lk = await createTestInstance(dialect);
    const { project } = await setUp(lk);
    const api = itemApi(lk, project);
    const inAMinute = new Date(lk.clock.now().getTime() + 60_000).toISOString();
    await api.change("custom", "c", "tokens", { delta: 5 });
    await api.change("custom", "c", "tokens", { delta: 7, expires_at: inAMinute });
    expect(await api.quantity("custom", "c", "tokens")).toBe(12);

    // The expiring grant cannot be spent twice: after it lapses only the lasting 5 are left.
    lk.clock.advance(59_999);
    expect(await api.quantity("custom", "c", "tokens")).toBe(12);
    lk.clock.advance(1);
    expect(await api.quantity("custom", "c", "tokens")).toBe(5);
    expectError(await api.change("custom", "c", "tokens", { delta: -6 }), 400, "ITEM_QUANTITY_INSUFFICIENT_AMOUNT", { item_id: "tokens", customer_id: "c", quantity: -6 });
    const past = new Date(lk.clock.now().getTime() - 1).toISOString();
    expect((await api.change("custom", "c", "tokens", { delta: 100, expires_at: past })).status).toBe(200);
    expect(await api.quantity("custom", "c", "tokens")).toBe(5);
  });

  it("answers unknown items, customer type mismatches and missing users and teams with their errors", async () => {
    await using lk = await createTestInstance(dialect);
    const { project, ada, teamId } = await setUp(lk);
    const api = itemApi(lk, project);

    for (const res of [await api.get("user", ada.id, "nope"), await api.change("user", ada.id, "nope", { delta: 1 })]) {
      expectError(res, 404, "ITEM_NOT_FOUND", { item_id: "nope" });
    }
    for (const inherited of ["constructor", "__proto__", "toString"]) expectError(await api.get("user", ada.id, inherited), 404, "ITEM_NOT_FOUND", { item_id: inherited });
    const mismatch = { item_id: "seats", customer_id: ada.id, item_customer_type: "team", actual_customer_type: "user" };
    expectError(await api.get("user", ada.id, "seats"), 400, "ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH", mismatch);
    expectError(await api.change("user", ada.id, "seats", { delta: 1 }), 400, "ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH", mismatch);
    expectError(await api.get("custom", teamId, "credits"), 400, "ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH", {
      item_id: "credits",
      customer_id: teamId,
      item_customer_type: "user",
      actual_customer_type: "custom",
    });

    expectError(await api.get("user", missingId, "credits"), 404, "USER_NOT_FOUND");
    expectError(await api.get("user", "not-a-uuid", "credits"), 404, "USER_NOT_FOUND");
    expectError(await api.change("user", missingId, "credits", { delta: 1 }), 404, "USER_NOT_FOUND");
    expectError(await api.get("team", missingId, "seats"), 404, "TEAM_NOT_FOUND", { team_id: missingId });
    expectError(await api.change("team", missingId, "seats", { delta: 1 }, "true"), 404, "TEAM_NOT_FOUND", { team_id: missingId });
    // A user id is not a team id, and the reverse.
    expectError(await api.get("team", ada.id, "seats"), 404, "TEAM_NOT_FOUND", { team_id: ada.id });
    expectError(await api.get("user", teamId, "credits"), 404, "USER_NOT_FOUND");
    expect(await lk.deps.store.db.select().from(lk.deps.store.t.itemQuantityChanges)).toEqual([]);
  });

  it("lets any client of the project read any customer's items, and only servers change them", async () => {
    await using lk = await createTestInstance(dialect);
    const { project, ada, bob, teamId } = await setUp(lk);
    const api = itemApi(lk, project);
    await grant(api, ["user", ada.id, "credits", 3], ["team", teamId, "seats", 2], ["custom", "shop-1", "tokens", 1]);
    const signedOut: CallOptions = { access: "client", project };

    // The Stack SDK's server app reads user and team items as signed-out client requests.
    for (const caller of [ada.client, bob.client, signedOut]) {
      expect((await api.get("user", ada.id, "credits", caller)).body).toEqual({ id: "credits", display_name: "Credits", quantity: 3 });
      expect((await api.get("team", teamId, "seats", caller)).body.quantity).toBe(2);
      expect((await api.get("custom", "shop-1", "tokens", caller)).body.quantity).toBe(1);
    }
    expectError(await api.get("user", missingId, "credits", signedOut), 404, "USER_NOT_FOUND");
    expectError(await api.get("team", missingId, "seats", bob.client), 404, "TEAM_NOT_FOUND", { team_id: missingId });

    for (const caller of [ada.client, signedOut]) {
      const clientChange = await lk.call("POST", `/payments/items/user/${ada.id}/credits/update-quantity?allow_negative=true`, { ...caller, body: { delta: 100 } });
      expectError(clientChange, 401, "INSUFFICIENT_ACCESS_TYPE", { actual_access_type: "client", allowed_access_types: ["server", "admin"] });
    }
    expect(await api.quantity("user", ada.id, "credits")).toBe(3);
  });

  it("refuses malformed changes with SCHEMA_ERROR and changes nothing", async () => {
    await using lk = await createTestInstance(dialect);
    const { project, ada } = await setUp(lk);
    const api = itemApi(lk, project);
    const schemaErrors = [
      await api.change("user", ada.id, "credits", { delta: 1.5 }),
      await api.change("user", ada.id, "credits", { delta: "1" }),
      await api.change("user", ada.id, "credits", {}),
      await api.change("user", ada.id, "credits", { delta: 2 ** 53 }),
      await api.change("user", ada.id, "credits", { delta: 1 }, null),
      await api.change("user", ada.id, "credits", { delta: 1 }, "yes"),
      await api.change("user", ada.id, "credits", { delta: 1, expires_at: "tomorrow" }),
      await api.change("user", ada.id, "credits", { delta: 1, expires_at: "2030-01-01T00:00:00" }),
      await api.change("user", ada.id, "credits", { delta: 1, expires_at: 1_900_000_000_000 }),
      await api.change("user", ada.id, "credits", { delta: 1, description: "x".repeat(1001) }),
      await api.change("user", ada.id, "credits", { delta: 1, quantity: 1 }),
      await api.change("member", ada.id, "credits", { delta: 1 }),
      await api.change("custom", "x".repeat(256), "tokens", { delta: 1 }),
      await api.get("custom", "c", "x".repeat(64)),
    ];
    for (const res of schemaErrors) expect([res.status, res.body.code]).toEqual([400, "SCHEMA_ERROR"]);
    expect((await api.change("user", ada.id, "credits", { delta: 1 }, null)).body.details.message).toContain("allow_negative");
    expect(await lk.deps.store.db.select().from(lk.deps.store.t.itemQuantityChanges)).toEqual([]);

    // Quantities stay exact: one beyond 2^53 - 1 is refused.
    expect((await api.change("custom", "c", "tokens", { delta: Number.MAX_SAFE_INTEGER })).status).toBe(200);
    const beyond = await api.change("custom", "c", "tokens", { delta: 1 });
    expectStatusError(beyond, 400, "itemQuantityOutOfRange");
    expect(await api.quantity("custom", "c", "tokens")).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("keeps every project's quantities to itself", async () => {
    await using lk = await createTestInstance(dialect);
    const a = await setUp(lk);
    const b = await setUp(lk);
    const inA = itemApi(lk, a.project);
    const inB = itemApi(lk, b.project);
    await inA.change("custom", "shared-id", "tokens", { delta: 5 });
    await inA.change("user", a.ada.id, "credits", { delta: 5 });

    expect(await inB.quantity("custom", "shared-id", "tokens")).toBe(0);
    expectError(await inB.get("user", a.ada.id, "credits"), 404, "USER_NOT_FOUND");
    expectError(await inB.change("user", a.ada.id, "credits", { delta: 1 }), 404, "USER_NOT_FOUND");
    expectError(await inB.get("team", a.teamId, "seats"), 404, "TEAM_NOT_FOUND", { team_id: a.teamId });
    expectError(await inB.get("user", a.ada.id, "credits", b.ada.client), 404, "USER_NOT_FOUND");
    expectError(await inB.get("team", a.teamId, "seats", b.ada.client), 404, "TEAM_NOT_FOUND", { team_id: a.teamId });
    expect(await inA.quantity("custom", "shared-id", "tokens")).toBe(5);

    const other = await lk.createProject();
    expectError(await itemApi(lk, other).get("custom", "shared-id", "tokens"), 404, "ITEM_NOT_FOUND", { item_id: "tokens" });
  });

  it("removes a user's or team's quantity changes along with them", async () => {
    await using lk = await createTestInstance(dialect);
    const { project, server, ada, teamId } = await setUp(lk);
    const api = itemApi(lk, project);
    await grant(api, ["user", ada.id, "credits", 1], ["team", teamId, "seats", 1], ["custom", ada.id, "tokens", 1]);
    await lk.call("DELETE", `/teams/${teamId}`, server);
    await lk.call("DELETE", `/users/${ada.id}`, server);
    const left = await lk.deps.store.db.select().from(lk.deps.store.t.itemQuantityChanges);
    expect(left.map((row) => [row.customerType, row.customerId])).toEqual([["custom", ada.id]]);
  });

  it("never takes the quantity below zero under concurrent decreases", async () => {
    await using lk = await createTestInstance(dialect);
    const { project, ada } = await setUp(lk);
    const api = itemApi(lk, project);
    await api.change("user", ada.id, "credits", { delta: 7 });

    const answers = await Promise.all(Array.from({ length: 20 }, () => api.change("user", ada.id, "credits", { delta: -1 })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(7);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => a.body.code)).toEqual(Array.from({ length: 13 }, () => "ITEM_QUANTITY_INSUFFICIENT_AMOUNT"));
    expect(await api.quantity("user", ada.id, "credits")).toBe(0);
  });
});
