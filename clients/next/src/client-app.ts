/**
 * The client app for Next.js: `redirectMethod: "nextjs"` (the default) navigates with Next's router,
 * `tokenStore: "nextjs-cookie"` is the browser's cookie store (the server side of it is StackServerApp in
 * ./server), and the NEXT_PUBLIC_STACK_* variables are read as Next.js inlines them into browser bundles.
 */
import { StackClientApp as ReactClientApp } from "@latchkey/react";
import type { ClientAppOptions, RedirectMethod, RequestLike } from "@latchkey/js";
import { useRouter } from "next/navigation";
import type { ClientAppJson } from "./app-json.js";
import { ClientOnlyError, isServer } from "./bailout.js";

/** `redirectMethod: "nextjs"`: client-side navigation with Next's router (a hook, called by StackProvider). */
export function useNextNavigate(): (to: string) => void {
  const router = useRouter();
  return (to) => router.push(to);
}

const nextRedirect: RedirectMethod = { useNavigate: useNextNavigate };

/**
 * While Next.js renders a client component on the server there is no browser cookie store: any read of
 * the session there hands the component over to the browser (see ./bailout.ts).
 */
const serverRenderStore: RequestLike = {
  headers: {
    get() {
      throw new ClientOnlyError("A component");
    },
  },
};

function nextOptions(options: ClientAppOptions): ClientAppOptions {
  const method = options.redirectMethod ?? "nextjs";
  const browserCookies = options.tokenStore === "nextjs-cookie" || options.tokenStore === "cookie";
  return {
    ...options,
    // Written out in full so Next.js inlines them into browser bundles.
    projectId: options.projectId ?? process.env.NEXT_PUBLIC_STACK_PROJECT_ID,
    publishableClientKey: options.publishableClientKey ?? process.env.NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY,
    baseUrl: options.baseUrl ?? process.env.NEXT_PUBLIC_STACK_API_URL,
    redirectMethod: method === "nextjs" ? nextRedirect : method,
    tokenStore: browserCookies && isServer() ? serverRenderStore : options.tokenStore,
  };
}

/**
 * Stack's `StackClientApp` of `@stackframe/stack`: the React client app (hooks included) with Next.js's
 * redirect method and cookie store.
 *
 * @example
 * ```ts
 * "use client";
 * export const app = new StackClientApp({ tokenStore: "nextjs-cookie" });
 * ```
 */
export class StackClientApp extends ReactClientApp {
  constructor(options: ClientAppOptions) {
    super(nextOptions(options));
  }
}

/** The browser's client app for what a server StackProvider sent. */
export function clientAppFromJson(json: ClientAppJson): StackClientApp {
  return new StackClientApp({
    baseUrl: json.baseUrl,
    projectId: json.projectId,
    ...(json.publishableClientKey !== null && { publishableClientKey: json.publishableClientKey }),
    urls: json.urls,
    tokenStore: "nextjs-cookie",
  });
}
