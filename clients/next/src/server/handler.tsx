import { Suspense } from "react";
import { StackHandlerClient } from "@latchkey/next/client";
import type { StackHandlerProps } from "../handler-props.js";

/**
 * Stack's `StackHandler`: the sign-in, sign-up, account and other handler pages, for
 * `app/handler/[...stack]/page.tsx`. The pages run in the browser, where the session lives.
 *
 * @example
 * ```tsx
 * export default function Handler(props: unknown) { return <StackHandler fullPage app={stackServerApp} routeProps={props} />; }
 * ```
 */
export function StackHandler({ fullPage = true }: StackHandlerProps) {
  return (
    <Suspense fallback={null}>
      <StackHandlerClient fullPage={fullPage} />
    </Suspense>
  );
}
