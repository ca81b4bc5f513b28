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
}
