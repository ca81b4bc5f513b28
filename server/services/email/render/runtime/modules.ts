/**
 * The only modules a template or theme can import, as plain objects (frozen by lockdown), and the
 * `require` their compiled code calls. React's internals (`__CLIENT_INTERNALS…`, any `__` key) are left
 * out: they are the one mutable object React shares between renders.
 */
import * as React from "react";
import * as JsxRuntime from "react/jsx-runtime";
import * as arktype from "./arktype-lite.js";
import * as components from "./components.js";
import { helperModule } from "./emails-helper.js";

type ModuleObject = Record<string, unknown>;

function moduleObject(exports: object, withDefault = false): ModuleObject {
  const out: ModuleObject = {};
  for (const key of Object.keys(exports)) {
    if (!key.startsWith("__") && key !== "default") out[key] = (exports as ModuleObject)[key];
  }
  Object.defineProperty(out, "__esModule", { value: true });
  if (withDefault) out.default = out;
  return out;
}

const react = moduleObject(React, true);
const jsxRuntime = moduleObject(JsxRuntime);
const reactEmail = moduleObject(components);
const helper = moduleObject(helperModule);
const ark = moduleObject(arktype);

const COMPONENT_PACKAGES = [
  "body", "button", "code-block", "code-inline", "column", "container", "font", "head", "heading", "hr",
  "html", "img", "link", "markdown", "preview", "row", "section", "tailwind", "text",
];

const table = new Map<string, ModuleObject>([
  ["react", react],
  ["react/jsx-runtime", jsxRuntime],
  ["react/jsx-dev-runtime", jsxRuntime],
  ["@react-email/components", reactEmail],
  ...COMPONENT_PACKAGES.map((name): [string, ModuleObject] => [`@react-email/${name}`, reactEmail]),
  ["@latchkey/emails", helper],
  ["@stackframe/emails", helper],
  ["arktype", ark],
]);

/** A missing component is named in the error (instead of React's "element type is invalid"). */
function guarded(name: string, target: ModuleObject): ModuleObject {
  return new Proxy(target, {
    get(object, key) {
      if (typeof key !== "string" || key in object || !/^[A-Z]/.test(key)) return object[key as string];
      throw new Error(`'${key}' is not exported by '${name}' in the e-mail sandbox`);
    },
  });
}

const guardedTable = new Map([...table].map(([name, target]) => [name, guarded(name, target)]));

export function sandboxRequire(id: unknown): ModuleObject {
  const found = typeof id === "string" ? guardedTable.get(id) : undefined;
  if (!found) throw new Error(`import of '${String(id)}' is not allowed`);
  return found;
}

/** The objects lockdown must freeze (the proxies forward to them). */
export const moduleObjects: readonly ModuleObject[] = [...table.values()];

/** The React the runtime itself renders with (the same objects templates get). */
export { React };
