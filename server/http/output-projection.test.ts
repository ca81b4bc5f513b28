import { describe, expect, it } from "vitest";
import { z } from "zod";
import { jsonValue } from "../../contract/fields.js";
import { clientUser, serverUser } from "../../contract/users.js";
import { projectionOf } from "./output-projection.js";

const serverAnswer = {
  id: "6f1c1c1e-6a51-4c4e-9a3e-0d5d8f0a1b2c",
  primary_email: "ada@example.com",
  primary_email_verified: true,
  primary_email_auth_enabled: true,
  display_name: "Ada",
  profile_image_url: null,
  signed_up_at_millis: 1_700_000_000_000,
  last_active_at_millis: 1_700_000_100_000,
  client_metadata: { theme: "dark", nested: { list: [1, { deep: true }] } },
  client_read_only_metadata: null,
  server_metadata: { plan: "pro" },
  has_password: true,
  otp_auth_enabled: false,
  passkey_auth_enabled: false,
  auth_with_email: true,
  requires_totp_mfa: false,
  is_anonymous: false,
  oauth_providers: [],
  selected_team_id: "0b6a5b8e-3f0e-4a53-8f55-1d2c3b4a5e6f",
  selected_team: {
    id: "0b6a5b8e-3f0e-4a53-8f55-1d2c3b4a5e6f",
    display_name: "Team",
    profile_image_url: null,
    client_metadata: null,
    client_read_only_metadata: { seats: 3 },
    server_metadata: { secret: "only servers see this" },
    created_at_millis: 1_700_000_000_000,
  },
};

describe("output projection", () => {
  it("gives a client exactly what zod's parse of the client schema gives, server-only fields removed", () => {
    expect(serverUser.safeParse(serverAnswer).success).toBe(true);
    const projected = projectionOf(clientUser, new Set([jsonValue]))(serverAnswer) as Record<string, unknown>;
    expect(JSON.stringify(projected)).toBe(JSON.stringify(clientUser.parse(serverAnswer)));
    expect(projected).not.toHaveProperty("server_metadata");
    expect(projected).not.toHaveProperty("last_active_at_millis");
    expect(projected.selected_team).not.toHaveProperty("server_metadata");
    // Metadata is passed on as it is, not rebuilt.
    expect(projected.client_metadata).toBe(serverAnswer.client_metadata);
  });

  it("strips objects inside arrays and leaves unlisted keys out", () => {
    const schema = z.object({ items: z.array(z.object({ a: z.number() })).optional(), name: z.string() });
    const project = projectionOf(schema);
    expect(project({ name: "x", extra: 1, items: [{ a: 1, b: 2 }] })).toEqual({ items: [{ a: 1 }], name: "x" });
    expect(project({ name: "x" })).toEqual({ name: "x" });
  });

  it("hands the parts it cannot project to zod, which still rejects what does not match", () => {
    const schema = z.object({
      choice: z.union([z.object({ kind: z.literal("a"), a: z.number() }), z.object({ kind: z.literal("b") })]),
      loose: z.looseObject({ keep: z.string() }),
      defaulted: z.string().default("d"),
    });
    const project = projectionOf(schema);
    const value = { choice: { kind: "a", a: 1, hidden: true }, loose: { keep: "k", more: 1 }, defaulted: "given" };
    expect(project(value)).toEqual(schema.parse(value));
    expect(() => project({ ...value, choice: { kind: "c" } })).toThrow(/does not match its contract/);
  });
});
