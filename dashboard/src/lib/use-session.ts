import { useSyncExternalStore } from "react";
import { onSessionChange, readTokens } from "./session.js";

/** Whether the owner holds a session (a refresh token); re-renders on sign-in and sign-out. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(onSessionChange, () => readTokens() !== null);
}
