import type { ProcedureDefinition, ProcedureInput, ProcedureOutput } from "../../contract/procedure.js";
import type { AppDeps } from "../deps.js";
import { renderProjectConfig } from "../services/config/project-config.js";
import type { RenderedConfig } from "../services/config/index.js";
import type { Auth } from "./auth.js";

/** What a handler sees of the request besides its validated input. */
export interface RequestContext {
  readonly deps: AppDeps;
  /** The caller; throws for procedures that do not require authentication (use `optionalAuth`). */
  readonly auth: Auth;
  readonly optionalAuth: Auth | null;
  /** The calling project's rendered configuration (needs authentication, like `auth`). */
  readonly projectConfig: RenderedConfig;
  readonly requestId: string;
  /** The client's address (the socket peer, or X-Forwarded-For behind a trusted proxy); null when unknown. */
  readonly clientIp: string | null;
  header(name: string): string | undefined;
}

export type Handler<D extends ProcedureDefinition> = (ctx: RequestContext, input: ProcedureInput<D>) => Promise<ProcedureOutput<D>>;

/** One handler per procedure of a contract; the compiler flags a missing or mistyped one. */
export type HandlerMap<C extends Record<string, ProcedureDefinition>> = { [K in keyof C]: Handler<C[K]> };

export function createRequestContext(
  deps: AppDeps,
  optionalAuth: Auth | null,
  requestId: string,
  header: (name: string) => string | undefined,
  clientIp: string | null,
): RequestContext {
  return new Context(deps, optionalAuth, requestId, header, clientIp);
}

/** A class, so that every request's context shares one `auth` getter instead of making its own. */
class Context implements RequestContext {
  constructor(
    readonly deps: AppDeps,
    readonly optionalAuth: Auth | null,
    readonly requestId: string,
    readonly header: (name: string) => string | undefined,
    readonly clientIp: string | null,
  ) {}

  get auth(): Auth {
    if (!this.optionalAuth) throw new Error("This procedure does not require authentication; read optionalAuth instead");
    return this.optionalAuth;
  }

  get projectConfig(): RenderedConfig {
    return renderProjectConfig(this.auth.project);
  }
}
