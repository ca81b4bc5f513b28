/**
 * Rendering (projects-and-config.md §5.2): the defaults with the expanded override deep-merged on top.
 * Objects merge key by key; any other value (including arrays) replaces what was there; `null` removes
 * what the override set there, so an entry of a keyed map disappears and a default shows through.
 */
import { configDefaults, entryDefaults } from "./defaults.js";
import { expandOverride, isPlainObject, setOwn, withoutNulls, type ConfigOverride } from "./override.js";
import type { RenderedConfig } from "./tree-schema.js";

function deepMerge(base: unknown, patch: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(patch)) return withoutNulls(patch);
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) continue;
    setOwn(result, key, Object.hasOwn(result, key) ? deepMerge(result[key], value) : withoutNulls(value));
  }
  return result;
}

function getPath(tree: Record<string, unknown>, path: string): unknown {
  let node: unknown = tree;
  for (const segment of path.split(".")) {
    node = isPlainObject(node) && Object.hasOwn(node, segment) ? node[segment] : undefined;
  }
  return node;
}

/** Fills every entry of the keyed maps that have per-entry defaults. */
function applyEntryDefaults(tree: Record<string, unknown>): void {
  for (const [path, defaultsFor] of Object.entries(entryDefaults)) {
    const map = getPath(tree, path);
    if (!isPlainObject(map)) continue;
    for (const [id, entry] of Object.entries(map)) setOwn(map, id, deepMerge(defaultsFor(id), entry));
  }
}

/**
 * Renders a config override into the complete config. The override is expected to have passed
 * `validateOverride`; rendering does not check it again.
 */
export function renderConfig(override: ConfigOverride): RenderedConfig {
  const rendered = deepMerge(configDefaults(), expandOverride(override)) as Record<string, unknown>;
  applyEntryDefaults(rendered);
  return rendered as RenderedConfig;
}
