// Side effect only, imported first by entry.ts: React's server renderer creates its MessageChannel and
// TextEncoder when its module loads, so the globals must exist before any other import is evaluated.
import { installGlobals } from "./globals.js";

installGlobals();
