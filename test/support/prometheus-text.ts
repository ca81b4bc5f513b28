/**
 * A strict parser of the Prometheus text exposition format (0.0.4), checking what `promtool check
 * metrics` checks about structure: names and labels well formed, one HELP and TYPE per family before
 * its samples, a family's samples together, no series twice, histograms with ascending cumulative
 * buckets that end in `+Inf` equal to `_count`. Throws with the line number on the first problem.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  help: string;
  type: "counter" | "gauge" | "histogram" | "summary" | "untyped";
  samples: Sample[];
}

const metricName = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const labelName = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const types = new Set(["counter", "gauge", "histogram", "summary", "untyped"]);

export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  if (text.length > 0 && !text.endsWith("\n")) throw new Error("the exposition must end with a newline");
  const families = new Map<string, MetricFamily>();
  const closed = new Set<string>();
  let current: MetricFamily | null = null;
  const seenSeries = new Set<string>();
  const typed = new Set<string>();
  const helped = new Set<string>();

  const lines = text.split("\n");
  lines.pop();
  lines.forEach((line, index) => {
    const fail = (problem: string): never => {
      throw new Error(`line ${index + 1}: ${problem}: ${JSON.stringify(line)}`);
    };
    if (line.trim() === "") return;
    if (line.startsWith("#")) {
      const match = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!match) return; // a comment
      const [, keyword, name, rest] = match as unknown as [string, "HELP" | "TYPE", string, string];
      if (!metricName.test(name)) fail("bad metric name");
      if (closed.has(name)) fail(`${keyword} for a family whose samples already ended`);
      let family = families.get(name);
      if (!family) {
        family = { name, help: "", type: "untyped", samples: [] };
        families.set(name, family);
      }
      if (current && current !== family) closed.add(current.name);
      current = family;
      if (family.samples.length > 0) fail(`${keyword} after the family's samples`);
      if (keyword === "TYPE") {
        if (!types.has(rest)) fail("unknown type");
        if (typed.has(name)) fail("second TYPE line");
        family.type = rest as MetricFamily["type"];
        typed.add(name);
      } else {
        if (helped.has(name)) fail("second HELP line");
        family.help = unescape(rest, fail);
        helped.add(name);
      }
      return;
    }
    const sample = parseSample(line, fail);
    const familyName = familyOf(sample.name, families);
    let family = families.get(familyName);
    if (!family) {
      family = { name: familyName, help: "", type: "untyped", samples: [] };
      families.set(familyName, family);
    }
    if (closed.has(familyName)) fail("the family's samples are not together");
    if (current && current !== family) closed.add(current.name);
    current = family;
    checkSuffix(family, sample, fail);
    const key = `${sample.name}{${Object.entries(sample.labels).sort().map(([k, v]) => `${k}=${v}`).join(",")}}`;
    if (seenSeries.has(key)) fail("the same series twice");
    seenSeries.add(key);
    family.samples.push(sample);
  });
  for (const family of families.values()) if (family.type === "histogram") checkHistogram(family);
  return families;
}

/** The value of one series (labels must match exactly), or undefined. */
export function valueOf(families: Map<string, MetricFamily>, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const family of families.values()) {
    for (const sample of family.samples) {
      if (sample.name !== name) continue;
      const keys = Object.keys(sample.labels);
      if (keys.length === Object.keys(labels).length && keys.every((k) => sample.labels[k] === labels[k])) return sample.value;
    }
  }
  return undefined;
}

function parseSample(line: string, fail: (problem: string) => never): Sample {
  const nameMatch = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line);
  if (!nameMatch) fail("a sample must start with a metric name");
  const name = nameMatch![0];
  let rest = line.slice(name.length);
  const labels: Record<string, string> = {};
  if (rest.startsWith("{")) {
    rest = rest.slice(1);
    while (!rest.startsWith("}")) {
      const label = /^([^=]*)="/.exec(rest);
      if (!label || !labelName.test(label[1]!)) fail("bad label");
      const key = label![1]!;
      if (Object.hasOwn(labels, key)) fail(`label ${key} twice`);
      rest = rest.slice(label![0].length);
      let value = "";
      for (;;) {
        if (rest === "") fail("unterminated label value");
        const ch = rest[0]!;
        if (ch === '"') break;
        if (ch === "\\") {
          const next = rest[1];
          if (next === "\\" || next === '"') value += next;
          else if (next === "n") value += "\n";
          else fail("bad escape in a label value");
          rest = rest.slice(2);
        } else {
          value += ch;
          rest = rest.slice(1);
        }
      }
      labels[key] = value;
      rest = rest.slice(1);
      if (rest.startsWith(",")) rest = rest.slice(1);
      else if (!rest.startsWith("}")) fail("labels must be separated by commas");
    }
    rest = rest.slice(1);
  }
  const valueMatch = /^ (\S+)( -?\d+)?$/.exec(rest);
  if (!valueMatch) fail("a sample needs one space, a value and optionally a timestamp");
  return { name, labels, value: parseValue(valueMatch![1]!, fail) };
}

/** Prometheus reads values with Go's ParseFloat, which matches NaN and Inf in any case (prom-client writes "Nan"). */
function parseValue(text: string, fail: (problem: string) => never): number {
  const special = text.toLowerCase();
  if (special === "+inf" || special === "inf") return Infinity;
  if (special === "-inf") return -Infinity;
  if (special === "nan") return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) fail(`bad value ${text}`);
  return Number(text);
}

/** HELP text escapes: `\\` and `\n` only. */
function unescape(text: string, fail: (problem: string) => never): string {
  return text.replace(/\\(.?)/g, (_, ch: string) => {
    if (ch === "\\") return "\\";
    if (ch === "n") return "\n";
    return fail("bad escape");
  });
}

const suffixes = ["_bucket", "_sum", "_count"];

function familyOf(sampleName: string, families: Map<string, MetricFamily>): string {
  for (const suffix of suffixes) {
    if (!sampleName.endsWith(suffix)) continue;
    const base = sampleName.slice(0, -suffix.length);
    const family = families.get(base);
    if (family && (family.type === "histogram" || family.type === "summary")) return base;
  }
  return sampleName;
}

function checkSuffix(family: MetricFamily, sample: Sample, fail: (problem: string) => never): void {
  if (family.type === "histogram") {
    if (![`${family.name}_bucket`, `${family.name}_sum`, `${family.name}_count`].includes(sample.name)) fail("a histogram sample needs _bucket, _sum or _count");
    if (sample.name.endsWith("_bucket") && sample.labels.le === undefined) fail("a bucket without le");
  } else if (family.type === "counter" || family.type === "gauge") {
    if (sample.name !== family.name) fail(`a ${family.type} sample must carry the family's name`);
    if (family.type === "counter" && !(sample.value >= 0)) fail("a counter below zero");
  }
}

function checkHistogram(family: MetricFamily): void {
  const bySeries = new Map<string, { buckets: [number, number][]; count?: number }>();
  for (const sample of family.samples) {
    const { le, ...rest } = sample.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const series = bySeries.get(key) ?? { buckets: [] };
    bySeries.set(key, series);
    if (sample.name.endsWith("_bucket")) series.buckets.push([le === "+Inf" ? Infinity : Number(le), sample.value]);
    if (sample.name.endsWith("_count")) series.count = sample.value;
  }
  for (const [key, series] of bySeries) {
    const where = `${family.name}${key}`;
    for (let i = 1; i < series.buckets.length; i++) {
      if (!(series.buckets[i]![0] > series.buckets[i - 1]![0])) throw new Error(`${where}: bucket bounds must ascend`);
      if (series.buckets[i]![1] < series.buckets[i - 1]![1]) throw new Error(`${where}: bucket counts must be cumulative`);
    }
    const last = series.buckets.at(-1);
    if (!last || last[0] !== Infinity) throw new Error(`${where}: the last bucket must be le="+Inf"`);
    if (series.count !== last[1]) throw new Error(`${where}: the +Inf bucket must equal _count`);
  }
}
