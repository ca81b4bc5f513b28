/**
 * A middleware helper: visitors of the chosen paths who carry no session cookie go to the sign-in page,
 * which sends them back (after_auth_return_to) once they have signed in or up. Every request it sees
 * also carries its path to the server app, so `getUser({ or: "redirect" })` sends visitors back too.
 *
 * The cookie is only looked at, not checked: the page itself still calls `getUser({ or: "redirect" })`,
 * which asks the server; the helper only spares signed-out visitors a render.
 */
import { NextResponse, type NextRequest } from "next/server";
import { refreshTokenCookieName } from "@latchkey/js/internal";
import { requestPathHeader } from "./request-path.js";

export interface AuthMiddlewareOptions {
  /** The paths that need a signed-in visitor: a path covers itself and everything under it; or a pattern. */
  protectedPaths: readonly (string | RegExp)[];
  /** The sign-in page (default: /handler/sign-in). */
  signInUrl?: string;
  /** The project (default: NEXT_PUBLIC_STACK_PROJECT_ID). */
  projectId?: string;
}

function isProtected(path: string, patterns: AuthMiddlewareOptions["protectedPaths"]): boolean {
  return patterns.some((p) => (typeof p === "string" ? path === p || path.startsWith(p.endsWith("/") ? p : `${p}/`) : p.test(path)));
}

/**
 * @example
 * ```ts
 * // middleware.ts
 * import { authMiddleware } from "@latchkey/next/middleware";
 * export default authMiddleware({ protectedPaths: ["/protected"] });
 * ```
 */
export function authMiddleware(options: AuthMiddlewareOptions): (request: NextRequest) => NextResponse {
  const signInUrl = options.signInUrl ?? "/handler/sign-in";
  return (request) => {
    const projectId = options.projectId ?? process.env.NEXT_PUBLIC_STACK_PROJECT_ID;
    if (!projectId) throw new Error("authMiddleware needs the project: pass projectId or set NEXT_PUBLIC_STACK_PROJECT_ID");
    const { pathname, search } = request.nextUrl;
    const requested = pathname + search;
    if (isProtected(pathname, options.protectedPaths) && !request.cookies.get(refreshTokenCookieName(projectId))?.value) {
      const target = new URL(signInUrl, request.nextUrl);
      target.searchParams.set("after_auth_return_to", requested);
      return NextResponse.redirect(target);
    }
    const headers = new Headers(request.headers);
    headers.set(requestPathHeader, requested);
    return NextResponse.next({ request: { headers } });
  };
}
