// The packages published to npm, in build order (a package's @latchkey/* dependencies come before it).
// Each is a workspace under clients/ built by clients/js/scripts/build-package.mjs into its dist/; the
// build, `npm run release:check` and the packed-install tests (test/packages) all read this one list.
export const publishable = ["clients/js", "clients/react"];
