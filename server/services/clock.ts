/** The time source; tests pass a fixed or movable clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move. */
export function manualClock(start: Date | number): Clock & { advance(ms: number): void; set(at: Date | number): void } {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    set(at) {
      current = new Date(at).getTime();
    },
  };
}
