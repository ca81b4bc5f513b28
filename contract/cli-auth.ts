/**
 * CLI login (otp-and-cli.md §4): the CLI starts a login and polls with the polling code; the user opens
 * the app's confirmation page with the login code, signs in there, and the page hands the session's
 * refresh token to the login. The first poll after that receives the refresh token, once.
 */
import { z } from "zod";
import { successResponse } from "./fields.js";
import { defineProcedure } from "./procedure.js";

const MAX_LIFETIME_MS = 86_400_000;
const DEFAULT_LIFETIME_MS = 7_200_000;

const pollingCode = z
  .string()
  .max(1000)
  .meta({ description: "The secret the CLI polls with; never shown to the user.", example: "7q1n3c0m8x2v5b9z4k6r1t0w3y8p5s2d7f4g9h1j6e3a0" });
const loginCode = z
  .string()
  .max(1000)
  .meta({ description: "The code in the confirmation page's URL (`login_code`).", example: "d2h8k4m0p6r3t9v5x1z7b3c9f5g1j7n3q9s5w1y7a3e9k" });
const refreshToken = z.string().max(1000).meta({ description: "A refresh token of the confirming user's session.", example: "r5t1w7y3a9c5e1g7j3m9p5s1v7x3z9b5d1f7h3k9n5q1u" });

export const cliPollAnswer = z
  .discriminatedUnion("status", [
    z.object({ status: z.literal("waiting").meta({ description: "Not confirmed yet: poll again." }) }),
    z.object({ status: z.literal("success").meta({ description: "Confirmed: the refresh token, delivered once (HTTP 201)." }), refresh_token: refreshToken }),
    z.object({ status: z.literal("expired").meta({ description: "The login expired before the CLI collected it." }) }),
    z.object({ status: z.literal("used").meta({ description: "The refresh token was already delivered." }) }),
  ])
  .meta({ id: "CliPollAnswer" });

const tags = ["CLI login"];

export const startCliLogin = defineProcedure({
  rateLimit: "send-code",
  method: "POST",
  path: "/auth/cli",
  access: "client",
  summary: "Start a CLI login",
  description: "Answers a polling code for the CLI and a login code for the confirmation page `{app}/handler/cli-auth-confirm?login_code=…`.",
  tags,
  successStatus: 200,
  errors: [],
  body: z.strictObject({
    expires_in_millis: z
      .number()
      .int()
      .min(1)
      .max(MAX_LIFETIME_MS, `must be at most ${MAX_LIFETIME_MS}`)
      .default(DEFAULT_LIFETIME_MS)
      .meta({ description: "How long the login may wait for confirmation and collection (2 h unless given).", example: 600_000 }),
  }),
  output: z.object({
    polling_code: pollingCode,
    login_code: loginCode,
    expires_at: z.iso.datetime().meta({ description: "When the login expires (ISO 8601).", example: "2025-10-09T12:00:00.000Z" }),
  }),
});

export const pollCliLogin = defineProcedure({
  rateLimit: "check-code",
  method: "POST",
  path: "/auth/cli/poll",
  access: "client",
  summary: "Poll a CLI login",
  description: "Answers 201 with the refresh token the first time after confirmation, and 200 with the state otherwise. Expiry is checked first.",
  tags,
  successStatus: 200,
  alternateSuccess: {
    status: 201,
    description: "The login was confirmed: the refresh token, delivered this once (the SDK requires exactly 201).",
    when: (answer) => answer.status === "success",
  },
  errors: ["INVALID_POLLING_CODE"],
  body: z.strictObject({ polling_code: pollingCode }),
  output: cliPollAnswer,
});

export const completeCliLogin = defineProcedure({
  rateLimit: "check-code",
  method: "POST",
  path: "/auth/cli/complete",
  access: "client",
  summary: "Confirm a CLI login with the signed-in user's session",
  description:
    "Called by the confirmation page. The refresh token must belong to a live session of the signed-in user in this project. "
    + "An unknown, expired or already confirmed login code answers 400 text.",
  tags,
  successStatus: 200,
  errors: ["USER_AUTHENTICATION_REQUIRED", "cliInvalidLoginCode", "cliNotOwnRefreshToken"],
  body: z.strictObject({ login_code: loginCode, refresh_token: refreshToken }),
  output: successResponse,
});

export const cliAuthProcedures = {
  startCliLogin,
  pollCliLogin,
  completeCliLogin,
} as const;
