/**
 * Baseline child: how many argon2id hashes this machine computes per second at the server's parameters
 * (OWASP: m=19 MiB, t=2, p=1), from `concurrency` concurrent calls for `seconds` seconds.
 * Usage: node --import tsx argon2-rate.ts <seconds> <concurrency>; prints one JSON line.
 */
import { hash } from "@node-rs/argon2";

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, so not importable at run time)
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const seconds = Number(process.argv[2]);
const concurrency = Number(process.argv[3]);

// One hash per lane first, so thread start-up is outside the window.
await Promise.all(Array.from({ length: concurrency }, (_, i) => hash(`warm-up ${i}`, options)));

const cpuBefore = process.cpuUsage();
const started = performance.now();
const end = started + seconds * 1000;
let hashes = 0;
await Promise.all(
  Array.from({ length: concurrency }, async (_, lane) => {
    while (performance.now() < end) {
      await hash(`password ${lane} ${hashes}`, options);
      hashes++;
    }
  }),
);
const wallSeconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
process.stdout.write(
  JSON.stringify({ hashes, concurrency, wallSeconds, cpuSeconds, perSecond: hashes / wallSeconds, perCoreSecond: hashes / cpuSeconds }) + "\n",
);
