import { useSyncExternalStore } from "react";
import { isSignedIn, onSessionChange } from "./session.js";

/** Whether the owner holds a session (a refresh token); re-renders on sign-in and sign-out. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(onSessionChange, isSignedIn);
}
