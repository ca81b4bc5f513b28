/**
 * Orders route paths so that, segment by segment, fixed segments come before parameters:
 * `/users/me` is tried before `/users/{user_id}`.
 */
export function compareRoutePaths(a: string, b: string): number {
  const left = a.split("/");
  const right = b.split("/");
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const l = left[i];
    const r = right[i];
    if (l === undefined) return -1;
    if (r === undefined) return 1;
    const lParam = l.startsWith("{") || l.startsWith(":");
    const rParam = r.startsWith("{") || r.startsWith(":");
    if (lParam !== rParam) return lParam ? 1 : -1;
  }
  return 0;
}

/** `/users/{user_id}` → `/users/:user_id` */
export function toHonoPath(path: string): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, ":$1");
}
