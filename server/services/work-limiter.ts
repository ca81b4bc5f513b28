/**
 * Runs at most `concurrency` jobs at once; up to `queueLimit` more wait in line; beyond that the job is
 * refused at once (the caller answers 429), so a flood queues up to a point instead of piling up work.
 */
export class WorkLimiter {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private concurrency: number,
    private queueLimit: number,
    private readonly onFull: () => Error,
  ) {}

  configure(concurrency: number, queueLimit: number): void {
    this.concurrency = Math.max(1, concurrency);
    this.queueLimit = Math.max(0, queueLimit);
    this.pump();
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queueLimit) throw this.onFull();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await job();
    } finally {
      this.running--;
      this.pump();
    }
  }

  private pump(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      this.running++;
      this.waiting.shift()!();
    }
  }
}
