// The Node.js flags the server runs with in production: `npm start` (scripts/start.mjs) passes them, and
// `npm run bench` starts its servers with the same, so that it measures the server as it ships.
// A young generation of 4 MB keeps the RSS of a busy server down at no measurable CPU cost (docs/PERFORMANCE.md).
export const serverNodeFlags = ["--max-semi-space-size=4"];
