/**
 * What the REST adapter counts for each finished request: its latency by procedure and status, and for
 * the procedures that sign a user in, the sign-in by method and result. (OAuth sign-ins finish in a
 * redirect whatever happened, so services/oauth/flow.ts counts those itself.)
 */
import { KnownError } from "../../contract/known-error.js";
import type { Metrics, SignInResult } from "../services/metrics.js";

/** The contract procedures that are sign-ins, and the method each counts under. */
const signInMethods: Readonly<Record<string, string>> = {
  passwordSignIn: "password",
  otpSignIn: "otp",
  mfaSignIn: "mfa",
  passkeySignIn: "passkey",
};

export type RequestRecorder = (status: number, error: unknown, startedAt: number) => void;

/** A recorder for one procedure, made once when its route is mounted. */
export function requestRecorder(metrics: Metrics, procedure: string, method: string): RequestRecorder {
  const signInMethod = signInMethods[procedure];
  return (status, error, startedAt) => {
    metrics.request(procedure, method, status, (performance.now() - startedAt) / 1000);
    if (signInMethod !== undefined) metrics.signIn(signInMethod, signInResult(status, error));
  };
}

function signInResult(status: number, error: unknown): SignInResult {
  if (status < 400) return "success";
  if (error instanceof KnownError && error.code === "MULTI_FACTOR_AUTHENTICATION_REQUIRED") return "second_factor_required";
  if (status === 429) return "refused";
  return status >= 500 ? "error" : "failure";
}
