import { describe, expect, it } from "vitest";
import { knownErrors } from "./errors.js";
import { KnownError } from "./known-error.js";

const codes = Object.keys(knownErrors) as (keyof typeof knownErrors)[];

describe("known-error table", () => {
  it("has every leaf code of the catalogue (reference/wire/errors.md section 3)", () => {
    // The 110 leaves plus PASSWORD_REQUIREMENTS_NOT_MET, sent with details.message (see errors.ts).
    expect(codes).toHaveLength(111);
  });

  it("uses upper-snake-case codes and error statuses", () => {
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
      const { status } = knownErrors[code];
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThanOrEqual(599);
    }
  });

  it("leaves out the abstract parents (but PASSWORD_REQUIREMENTS_NOT_MET) and the unregistered TEAM_ALREADY_EXISTS", () => {
    const undecodable = [
      "PROJECT_AUTHENTICATION_ERROR",
      "INVALID_PROJECT_AUTHENTICATION",
      "INVALID_ADMIN_ACCESS_TOKEN",
      "PROJECT_AUTHENTICATION_REQUIRED",
      "SESSION_AUTHENTICATION_ERROR",
      "INVALID_SESSION_AUTHENTICATION",
      "INVALID_ACCESS_TOKEN",
      "REFRESH_TOKEN_ERROR",
      "VERIFICATION_ERROR",
      "API_KEY_NOT_VALID",
      "TEAM_ALREADY_EXISTS",
    ];
    for (const code of undecodable) expect(Object.hasOwn(knownErrors, code), code).toBe(false);
  });

  it("gives every error without details a non-empty message", () => {
    for (const code of codes) {
      const spec = knownErrors[code] as { details: unknown; message: (d: unknown) => string };
      if (spec.details === null) expect(spec.message(undefined), code).not.toBe("");
    }
  });
});

describe("wire shape of selected errors", () => {
  const cases = [
    {
      error: new KnownError("INSUFFICIENT_ACCESS_TYPE", { actual_access_type: "client", allowed_access_types: ["admin"] }),
      status: 401,
      missing: { actual_access_type: "client" },
    },
    { error: new KnownError("PASSWORD_TOO_LONG", { maxLength: 70 }), status: 400, missing: { max_length: 70 } },
    { error: new KnownError("INVALID_ACCESS_TYPE", { accessType: "root" }), status: 400, missing: { access_type: "root" } },
    {
      error: new KnownError("MULTI_FACTOR_AUTHENTICATION_REQUIRED", { attempt_code: "a".repeat(45) }),
      status: 400,
      missing: {},
    },
    {
      error: new KnownError("USER_EMAIL_ALREADY_EXISTS", { email: "ada@example.com", would_work_if_email_was_verified: false }),
      status: 409,
      missing: { email: "ada@example.com" },
    },
  ];

  for (const { error, status, missing } of cases) {
    it(`${error.code} carries its code, details, message and status`, () => {
      const body = error.toJSON();
      expect(body.code).toBe(error.code);
      expect(body.details).toEqual(error.details);
      expect(body.error).toEqual(expect.any(String));
      expect(body.error.length).toBeGreaterThan(0);
      expect(error.status).toBe(status);

      const schema = knownErrors[error.code].details;
      expect(schema.safeParse(error.details).success).toBe(true);
      expect(schema.safeParse(missing).success).toBe(false);
    });
  }

  it("phrases INSUFFICIENT_ACCESS_TYPE with the allowed and actual types", () => {
    expect(new KnownError("INSUFFICIENT_ACCESS_TYPE", { actual_access_type: "client", allowed_access_types: ["admin"] }).message)
      .toBe("The x-stack-access-type header must be 'admin', but was 'client'.");
    expect(new KnownError("INSUFFICIENT_ACCESS_TYPE", { actual_access_type: "client", allowed_access_types: ["server", "admin"] }).message)
      .toBe("The x-stack-access-type header must be 'server' or 'admin', but was 'client'.");
  });

  it("names the password limits", () => {
    expect(new KnownError("PASSWORD_TOO_SHORT", { min_length: 8 }).message).toContain("8");
    expect(new KnownError("PASSWORD_TOO_LONG", { maxLength: 70 }).message).toContain("70");
  });

  it("uses the CLI messages our spec quotes", () => {
    const expired = new KnownError("CLI_AUTH_EXPIRED_ERROR", { message: "CLI authentication request expired. Please try again." });
    expect(expired.message).toBe("CLI authentication request expired. Please try again.");
    const used = new KnownError("CLI_AUTH_USED_ERROR", { message: "This authentication token has already been used." });
    expect(used.message).toBe("This authentication token has already been used.");
  });

  it("leaves details out of the body of errors without details", () => {
    expect(new KnownError("USER_NOT_FOUND", undefined).toJSON()).toEqual({ code: "USER_NOT_FOUND", error: "User not found." });
  });
});
