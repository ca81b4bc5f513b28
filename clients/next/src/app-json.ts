import type { HandlerUrls } from "@latchkey/js";

/**
 * What a browser needs to build the client app of a server app: the server StackProvider hands this (and
 * never a key other than the publishable one) to the client provider.
 */
export interface ClientAppJson {
  baseUrl: string;
  projectId: string;
  publishableClientKey: string | null;
  urls: HandlerUrls;
}
