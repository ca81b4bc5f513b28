import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/** Shown when a page fails to load or throws (for example after a new deployment replaced its chunk). */
export function RouteError() {
  const error = useRouteError();
  const text = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : "Unknown problem";
  return (
    <main className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl font-semibold">This page could not be shown</h1>
      <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">Reloading usually helps. If it keeps happening, the details below may help whoever runs this server.</p>
      <pre className="mt-4 whitespace-pre-wrap rounded bg-zinc-100 p-3 text-xs dark:bg-zinc-900">{text}</pre>
      <p className="mt-4 flex gap-4 text-sm">
        <button type="button" className="text-indigo-700 underline dark:text-indigo-300" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link className="text-indigo-700 underline dark:text-indigo-300" to="/">
          Back to your projects
        </Link>
      </p>
    </main>
  );
}
