/** Time source of every rule and job; tests advance a manual clock instead of waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that moves only when told (tests, replays). */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date): void {
    this.current = at.getTime();
  }
  advance(ms: number): Date {
    this.current += ms;
    return this.now();
  }
}

export const DAY_MS = 86_400_000;
