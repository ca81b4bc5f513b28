/**
 * What an audit row changed, readable without opening it: the configuration keys of a config change,
 * the project fields of a project update, the user of an impersonation link. Values are never shown
 * (the server does not keep them; some are secrets).
 */
export function auditTarget(event: string, objectKey: string | null): string | null {
  // Project-wide events have no object id ("project:"): their target is the project itself.
  if (!objectKey || objectKey.endsWith(":")) return event.startsWith("project.") ? "this project" : null;
  return objectKey;
}

export function AuditChanges({ event, payload }: { event: string; payload: unknown }) {
  const data = (payload ?? {}) as Record<string, unknown>;
  const keys = event === "project.config_changed" ? data.changed_keys : event === "project.updated" ? data.changed_fields : null;
  if (!Array.isArray(keys) || keys.length === 0) return null;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1 pl-12 text-xs">
      <span className="text-zinc-600 dark:text-zinc-400">{event === "project.config_changed" ? "Changed settings:" : "Changed fields:"}</span>
      {keys.map((key) => (
        <code key={String(key)} className="break-all rounded bg-amber-100 px-1.5 py-0.5 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          {String(key)}
        </code>
      ))}
    </div>
  );
}
