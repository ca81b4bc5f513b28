/**
 * Impersonation links (Latchkey's addition): an admin asks for a one-time link that opens the project's
 * app signed in as a user. The link is the app's magic-link callback (the hosted pages' one unless the
 * admin names a trusted one) carrying a short-lived single-use code; the page redeems it with
 * POST /auth/otp/sign-in as it redeems any magic link, and gets a one-hour session marked as an
 * impersonation. No token is ever shown to the admin.
 */
import { z } from "zod";
import { millis, urlString, uuid } from "./fields.js";
import { defineProcedure } from "./procedure.js";

export const createImpersonationLink = defineProcedure({
  method: "POST",
  path: "/internal/impersonation-links",
  access: "admin",
  summary: "A one-time link (five minutes) that opens the app signed in as the user, in a one-hour impersonation session",
  tags: ["Sessions"],
  successStatus: 201,
  errors: ["USER_ID_DOES_NOT_EXIST", "REDIRECT_URL_NOT_WHITELISTED"],
  body: z.strictObject({
    user_id: uuid,
    callback_url: urlString.optional().meta({ description: "The app's magic-link callback page (a trusted domain's); default: the hosted pages' one." }),
  }),
  output: z.object({
    url: z.string().meta({ description: "Open once, before it expires; it signs the browser in as the user.", example: "https://auth.example.com/handler/magic-link-callback?project_id=…&code=…" }),
    expires_at_millis: millis,
  }),
});

export const impersonationProcedures = { createImpersonationLink } as const;
