/**
 * Timers inside the sandbox. QuickJS has no event loop: the host pumps promise jobs and, when none are
 * left, asks for the next task here. Time is virtual: `setTimeout(fn, 5000)` runs as soon as every task
 * due before it has run, so a render never waits on a clock. Every render starts and ends with an empty
 * queue (`clearTasks`), so a callback scheduled by one render never runs in the next.
 */

interface Task {
  id: number;
  at: number;
  seq: number;
  run: () => void;
  interval?: number;
}

let tasks: Task[] = [];
let clock = 0;
let seq = 0;
let nextId = 1;

function schedule(run: () => void, delay: unknown, interval?: number): number {
  const id = nextId++;
  const wait = Math.max(0, Number(delay) || 0);
  insert({ id, at: clock + wait, seq: seq++, run, interval: interval === undefined ? undefined : Math.max(1, wait) });
  return id;
}

function insert(task: Task): void {
  let i = tasks.length;
  while (i > 0 && (tasks[i - 1]!.at > task.at || (tasks[i - 1]!.at === task.at && tasks[i - 1]!.seq > task.seq))) i--;
  tasks.splice(i, 0, task);
}

function callable(fn: unknown, args: unknown[]): () => void {
  if (typeof fn !== "function") throw new TypeError("The callback must be a function");
  return () => (fn as (...a: unknown[]) => void)(...args);
}

export function setTimeout(fn: unknown, delay?: unknown, ...args: unknown[]): number {
  return schedule(callable(fn, args), delay);
}

export function setInterval(fn: unknown, delay?: unknown, ...args: unknown[]): number {
  return schedule(callable(fn, args), delay, 0);
}

export function clearTimeout(id: unknown): void {
  tasks = tasks.filter((task) => task.id !== id);
}

export const clearInterval = clearTimeout;

export function queueMicrotask(fn: unknown): void {
  const run = callable(fn, []);
  void Promise.resolve().then(run);
}

/** Runs the earliest task; false when there is none. An interval re-arms itself before it runs. */
export function runNextTask(): boolean {
  const task = tasks.shift();
  if (!task) return false;
  clock = Math.max(clock, task.at);
  if (task.interval !== undefined) insert({ ...task, at: clock + task.interval, seq: seq++ });
  task.run();
  return true;
}

export function clearTasks(): void {
  tasks = [];
}

/** The browser's MessageChannel, on the task queue (React's server renderer schedules its work with it). */
export class MessageChannel {
  readonly port1 = new MessagePort();
  readonly port2 = new MessagePort();

  constructor() {
    this.port1.peer = this.port2;
    this.port2.peer = this.port1;
  }
}

class MessagePort {
  peer: MessagePort | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;

  postMessage(data: unknown): void {
    const target = this.peer;
    schedule(() => target?.onmessage?.({ data }), 0);
  }

  start(): void {}
  close(): void {
    this.peer = null;
  }
}
