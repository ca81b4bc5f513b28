/**
 * Production-mode problems (SPEC section 4): what in a project's configuration is unfit for
 * production. The five checks and their messages are those of Stack's `getProductionModeErrors`; each
 * problem links to the dashboard's domain settings of the project.
 */
import type { RenderedConfig } from "./config/index.js";
import { isLocalhost } from "./redirect-urls.js";

export interface ProductionModeProblem {
  message: string;
  relativeFixUrl: string;
}

export function productionModeProblems(projectId: string, config: RenderedConfig): ProductionModeProblem[] {
  const relativeFixUrl = `/projects/${encodeURIComponent(projectId)}/domains`;
  const problems: ProductionModeProblem[] = [];
  const problem = (message: string) => problems.push({ message, relativeFixUrl });
  if (config.domains.allowLocalhost) problem("Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings");
  // In the order of their URLs: the map's keys are random (and PostgreSQL's jsonb reorders them).
  const baseUrls = Object.values(config.domains.trustedDomains).flatMap(({ baseUrl }) => (baseUrl ? [baseUrl] : []));
  for (const baseUrl of baseUrls.sort()) {
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      problem(`Trusted domain is not a valid URL: ${baseUrl}`);
      continue;
    }
    if (isLocalhost(url.hostname)) problem(`Localhost domains are not allowed to be trusted in production mode: ${baseUrl}`);
    else if (/^\d+(\.\d+)*$/.test(url.hostname) || url.hostname.startsWith("[")) problem(`Direct IPs are not valid for trusted domains in production mode: ${baseUrl}`);
    else if (url.protocol !== "https:") problem(`Trusted domains should be HTTPS: ${baseUrl}`);
  }
  return problems;
}
