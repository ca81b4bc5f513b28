/**
 * Rendering on the server without the visitor's session: the browser's token store (cookies read through
 * `document.cookie`) exists only in browsers, so a client component that reads the session while Next.js
 * renders it on the server stops there and is rendered in the browser instead. Next.js recognises the
 * error by its digest (the one `next/dynamic` with `ssr: false` throws) and neither logs it nor shows it:
 * the nearest `<Suspense>` boundary's fallback is sent, and the browser renders the content.
 */
const bailoutDigest = "BAILOUT_TO_CLIENT_SIDE_RENDERING";

export class ClientOnlyError extends Error {
  readonly digest = bailoutDigest;
  constructor(what: string) {
    super(`${what} reads the browser's session and is rendered in the browser (wrap it in <Suspense> to choose what shows meanwhile)`);
  }
}

export const isServer = (): boolean => typeof window === "undefined";

/** Throws ClientOnlyError when rendering on the server. */
export function clientOnly(what: string): void {
  if (isServer()) throw new ClientOnlyError(what);
}
