/**
 * The part of the WHATWG ReadableStream that React's `renderToReadableStream` needs: an underlying
 * source with start/pull/cancel, a controller that enqueues, closes and errors, and a default reader.
 * Bun's "direct" streams are accepted too (the controller's `write`, `flush`, `end`): React's Bun build
 * writes its strings through them. No backpressure (React writes the whole document when pulled), no
 * tee, no pipes.
 */

interface UnderlyingSource<T> {
  start?(controller: Controller<T>): unknown;
  pull?(controller: Controller<T>): unknown;
  cancel?(reason: unknown): unknown;
  type?: string;
}

interface Controller<T> {
  enqueue(chunk: T): void;
  write(chunk: T): void;
  flush(): void;
  end(): void;
  close(): void;
  error(reason: unknown): void;
  readonly desiredSize: number;
  readonly byobRequest: null;
}

type Result<T> = { done: false; value: T } | { done: true; value: undefined };

export class ReadableStream<T = unknown> {
  private readonly queue: T[] = [];
  private state: "open" | "closed" | "errored" = "open";
  private failure: unknown;
  private pulled = false;
  private wake: (() => void) | null = null;
  private readonly controller: Controller<T>;
  private readonly ready: Promise<void>;

  constructor(private readonly source: UnderlyingSource<T> = {}) {
    const self = this;
    this.controller = {
      enqueue(chunk) {
        if (self.state === "open") self.queue.push(chunk);
        self.signal();
      },
      write(chunk) {
        this.enqueue(chunk);
      },
      flush() {},
      end() {
        this.close();
      },
      close() {
        if (self.state === "open") self.state = "closed";
        self.signal();
      },
      error(reason) {
        if (self.state !== "open") return;
        self.state = "errored";
        self.failure = reason;
        self.signal();
      },
      get desiredSize() {
        return self.queue.length === 0 ? 1 : 0;
      },
      byobRequest: null,
    };
    this.ready = Promise.resolve(source.start?.(this.controller)).then(() => undefined);
  }

  get locked(): boolean {
    return false;
  }

  getReader(): { read(): Promise<Result<T>>; releaseLock(): void; cancel(reason?: unknown): Promise<void> } {
    return {
      read: () => this.read(),
      releaseLock: () => undefined,
      cancel: (reason) => this.cancel(reason),
    };
  }

  async cancel(reason?: unknown): Promise<void> {
    this.queue.length = 0;
    this.state = "closed";
    await this.source.cancel?.(reason);
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  /** Pulls once per empty queue, as a real stream does; then waits for the source to enqueue or close. */
  private async read(): Promise<Result<T>> {
    await this.ready;
    while (this.queue.length === 0 && this.state === "open") {
      const waiting = new Promise<void>((resolve) => (this.wake = resolve));
      if (!this.pulled) {
        this.pulled = true;
        await this.source.pull?.(this.controller);
      }
      if (this.queue.length === 0 && this.state === "open") await waiting;
    }
    this.pulled = false;
    if (this.queue.length > 0) return { done: false, value: this.queue.shift() as T };
    if (this.state === "errored") throw this.failure;
    return { done: true, value: undefined };
  }
}
