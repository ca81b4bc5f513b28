/** The props of `StackHandler` (Stack's), on the server and in the browser. */
export interface StackHandlerProps {
  /** The server app (accepted as Stack's handler takes it; the pages use the provider's app). */
  app?: unknown;
  /** Pages of their own (default: true). */
  fullPage?: boolean;
  /** The page's props, as Next.js passes them (`{ params, searchParams }`). */
  routeProps?: unknown;
  params?: unknown;
  searchParams?: unknown;
  /** Accepted for Stack compatibility. */
  componentProps?: Record<string, unknown>;
}
