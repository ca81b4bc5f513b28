// html-to-text ships no types; the runtime uses only `compile` (the converter React Email's toPlainText builds).
declare module "html-to-text" {
  export function compile(options?: Record<string, unknown>): (html: string) => string;
}
