/**
 * Summarises a V8 CPU profile written by `npm run bench -- --cpu-prof dir`:
 * `npx tsx scripts/bench/profile-summary.ts dir/CPU.*.cpuprofile [--top 40]`.
 * Prints self time per function and per module (node_modules package, or our source file), and the
 * inclusive time of our own functions, so a hot path's cost can be read without a browser.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: "string", default: "30" } } });
const top = Number(values.top);
if (positionals.length !== 1) throw new Error("usage: profile-summary.ts <file.cpuprofile> [--top n]");
const profile = JSON.parse(readFileSync(positionals[0]!, "utf8")) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const selfMicros = new Map<number, number>();
profile.samples.forEach((id, i) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);

function moduleOf(url: string): string {
  if (!url) return "(native/V8)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith("node:")) return url;
  const ours = /\/(server|contract|dist)\/(.+)$/.exec(url);
  return ours ? `${ours[1]}/${ours[2]}` : url;
}
const label = (n: ProfileNode) => `${n.callFrame.functionName || "(anonymous)"} ${moduleOf(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

const selfByFunction = new Map<string, number>();
const selfByModule = new Map<string, number>();
const inclusiveOurs = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const node = byId.get(id)!;
  selfByFunction.set(label(node), (selfByFunction.get(label(node)) ?? 0) + micros);
  const mod = moduleOf(node.callFrame.url);
  selfByModule.set(mod, (selfByModule.get(mod) ?? 0) + micros);
  // Inclusive time of our functions: every distinct frame of ours on the sample's stack.
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const frame = byId.get(at)!;
    if (!/\/(server|contract)\//.test(frame.callFrame.url) || frame.callFrame.url.includes("node_modules")) continue;
    const key = label(frame);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusiveOurs.set(key, (inclusiveOurs.get(key) ?? 0) + micros);
  }
}

function print(title: string, entries: Map<string, number>) {
  process.stdout.write(`\n${title}\n`);
  for (const [name, micros] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    process.stdout.write(`${((100 * micros) / total).toFixed(1).padStart(6)}%  ${name}\n`);
  }
}
process.stdout.write(`total sampled: ${(total / 1e6).toFixed(2)} s\n`);
print("self time by module", selfByModule);
print("self time by function", selfByFunction);
print("inclusive time of our functions", inclusiveOurs);
