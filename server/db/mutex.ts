/** A first-come, first-served async mutex. */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();
  private held = 0;

  get locked(): boolean {
    return this.held > 0;
  }

  /** Resolves with a release function once every earlier holder has released. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.tail;
    this.tail = previous.then(() => next);
    this.held++;
    return previous.then(() => {
      let released = false;
      return () => {
        if (released) return;
        released = true;
        this.held--;
        release();
      };
    });
  }

  /**
   * Like `acquire`, but rejects with `onTimeout()` after `ms` (the place in line is then given up as
   * soon as it comes). A waiter that can never be served (a statement waiting for the transaction it
   * belongs to) fails instead of blocking every later one.
   */
  async acquireWithin(ms: number, onTimeout: () => Error): Promise<() => void> {
    const pending = this.acquire();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(onTimeout()), ms);
    });
    try {
      return await Promise.race([pending, expired]);
    } catch (error) {
      void pending.then((release) => release());
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}
