/**
 * `POST /check-version`: whether a Stack SDK of the given version suits this server. Stack compares
 * with its own latest release; this server implements API v1 as the 2.8 SDKs use it (the compatibility
 * suite runs @stackframe/js 2.8.39), so an invalid version or one older than 2.8 is a severe problem
 * and every later one is up to date.
 */
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;
/** The oldest SDK minor version this server answers as its wire expects. */
export const OLDEST_SUPPORTED_CLIENT = { major: 2, minor: 8 } as const;

export type VersionCheck = { upToDate: true } | { upToDate: false; error: string; severe: boolean };

export function checkClientVersion(clientVersion: string): VersionCheck {
  const match = SEMVER.exec(clientVersion.startsWith("v") ? clientVersion.slice(1) : clientVersion);
  if (!match) {
    return {
      upToDate: false,
      severe: true,
      error: `The client version you specified (v${clientVersion}) is not a valid semver version. Please update to the latest version as soon as possible to ensure that you get the latest feature and security updates.`,
    };
  }
  const [major, minor] = [Number(match[1]), Number(match[2])];
  const { major: oldestMajor, minor: oldestMinor } = OLDEST_SUPPORTED_CLIENT;
  if (major < oldestMajor || (major === oldestMajor && minor < oldestMinor)) {
    return {
      upToDate: false,
      severe: true,
      error: `Your version of the Stack SDK (v${clientVersion}) is older than this server supports (v${oldestMajor}.${oldestMinor}.0 or later). Please update to the latest version as soon as possible to ensure that you get the latest feature and security updates.`,
    };
  }
  return { upToDate: true };
}
