/**
 * What the SDK checks when the server cannot be reached: whether the browser says it is online, the API
 * root and the server's `/health`. Only the app's own server is contacted, never a third party.
 */
export async function runNetworkDiagnostics(fetchImpl: typeof fetch, apiUrl: string, probeApiRoot: () => Promise<unknown>): Promise<Record<string, unknown>> {
  const attempt = async (probe: () => Promise<unknown>) => {
    try {
      await probe();
      return "OK";
    } catch (error) {
      return String(error);
    }
  };
  const navigatorLike = (globalThis as { navigator?: { onLine?: boolean } }).navigator;
  return {
    "navigator.onLine": navigatorLike?.onLine,
    apiRoot: await attempt(probeApiRoot),
    health: await attempt(async () => {
      const response = await fetchImpl(new URL("/health", apiUrl));
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    }),
  };
}

/** Whether the runtime says it is offline. */
export function isOffline(): boolean {
  return (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine === false;
}
