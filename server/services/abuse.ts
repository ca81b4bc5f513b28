/**
 * Abuse limits for the actions attackers repeat: per client address and per project, counted in the
 * database so every server process shares them. No address is exempt: behind a reverse proxy, declare it
 * (LATCHKEY_TRUST_PROXY) or every user counts as the proxy's address; only LATCHKEY_ABUSE_LIMITS=off
 * turns the limits off. IPv6 clients count per /64.
 */
import { AI_CHAT_SENDS_PER_HOUR } from "../../contract/ai-chat.js";
import type { RateLimitCategory } from "../../contract/procedure.js";
import type { AppDeps } from "../deps.js";
import { limitKeyOf } from "./net/addresses.js";
import { enforceLimit, type Limit } from "./rate-limits.js";

export type GuardedAction = RateLimitCategory;

const MINUTE = 60_000;

/** Per client address: generous for people behind one NAT, tight for scripts. */
const perAddress: Record<GuardedAction, Limit> = {
  "sign-in": { max: 60, windowMs: MINUTE },
  "sign-up": { max: 20, windowMs: MINUTE },
  "send-code": { max: 20, windowMs: MINUTE },
  "send-invitation": { max: 20, windowMs: MINUTE },
  "check-code": { max: 60, windowMs: MINUTE },
  refresh: { max: 600, windowMs: MINUTE },
  "api-key-check": { max: 1200, windowMs: MINUTE },
  // An admin may look after many projects from one address; the project's own ceiling is the tight one.
  "ai-chat": { max: 5 * AI_CHAT_SENDS_PER_HOUR, windowMs: 60 * MINUTE },
  "email-render": { max: 240, windowMs: MINUTE },
};

/** Per project: a ceiling on what costs us mail or password hashes, whatever the number of addresses. */
const perProject: Partial<Record<GuardedAction, Limit>> = {
  "sign-up": { max: 3_000, windowMs: MINUTE },
  "send-code": { max: 1_000, windowMs: MINUTE },
  // Its own budget: a flood of invitations (whose recipients nobody vouches for) must not use up the
  // project's budget for sign-in, reset and verification mail.
  "send-invitation": { max: 1_000, windowMs: 60 * MINUTE },
  // Every send may cost the operator a call to the AI provider.
  "ai-chat": { max: AI_CHAT_SENDS_PER_HOUR, windowMs: 60 * MINUTE },
  // Previews, saves and admin sends run the project's own TSX in the shared sandbox: a person editing a
  // template previews a few times a minute; a script looping on them is cut off (render/pool.ts keeps other
  // projects' mail apart in any case).
  "email-render": { max: 120, windowMs: MINUTE },
};

/** Counts the request against its limits; throws TooManyRequestsError (429 with Retry-After) past one. */
export async function guardAction(deps: AppDeps, action: GuardedAction, projectId: string | null, clientIp: string | null): Promise<void> {
  if (!deps.config.abuseLimits) return;
  const projectLimit = perProject[action];
  if (projectLimit && projectId) await enforceLimit(deps, `project:${action}:${projectId}`, projectLimit);
  if (clientIp) await enforceLimit(deps, `ip:${action}:${limitKeyOf(clientIp)}`, perAddress[action]);
}
