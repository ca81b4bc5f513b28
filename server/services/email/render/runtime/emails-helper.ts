/**
 * The module templates import as `@latchkey/emails` (also `@stackframe/emails`, the reference's name):
 * `<Subject value="…"/>` and `<NotificationCategory value="…"/>` render nothing and report their value
 * to the render in progress. (`Props`, `ThemeProps` are types, erased when the template is compiled.)
 */

interface Collected {
  subject: Set<string>;
  notificationCategory: Set<string>;
}

let collected: Collected | null = null;

function report(component: string, key: keyof Collected, value: unknown): null {
  if (typeof value !== "string") throw new TypeError(`The "value" prop of <${component}> must be a string`);
  collected?.[key].add(value);
  return null;
}

export function Subject({ value }: { value: unknown }): null {
  return report("Subject", "subject", value);
}

export function NotificationCategory({ value }: { value: unknown }): null {
  return report("NotificationCategory", "notificationCategory", value);
}

export function startCollecting(): void {
  collected = { subject: new Set(), notificationCategory: new Set() };
}

/** The values the render reported; the same component rendered twice with different values is an error. */
export function stopCollecting(): { subject?: string; notificationCategory?: string } {
  const found = collected;
  collected = null;
  if (!found) return {};
  const single = (component: string, values: Set<string>): string | undefined => {
    if (values.size > 1) throw new Error(`Expected one <${component}>, found ${values.size} with different values`);
    return [...values][0];
  };
  return {
    subject: single("Subject", found.subject),
    notificationCategory: single("NotificationCategory", found.notificationCategory),
  };
}

export const helperModule = { Subject, NotificationCategory };
