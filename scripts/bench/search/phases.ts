// The phases of bench:search, each run on the paths alike: closed loop in interleaved rounds
// (gateway, service, Elasticsearch in turn, the same number of requests from the same kind of
// query list and the same cache state), priming for the warm phase, and the open-loop rates.
import { feed, type Feed } from '../queries';
import {
  closedLoop,
  emptyOutcome,
  figuresOf,
  openLoop,
  type Call,
  type Figures,
  type Outcome,
  type Target,
} from './drive';
import { log, type RateRow } from './report';
import { PATHS, type PathName } from './targets';

/** One logical request's input: a query (search) or an id (detail), and for Elasticsearch the calls the service makes for it. */
export interface Item {
  text: string;
  id: number;
  calls: Call[];
}

export type MakeTarget = (p: PathName, next: () => Item) => Target;

function merge(into: Outcome, o: Outcome): void {
  into.latencies.push(...o.latencies);
  into.errors += o.errors;
  into.elapsedMs += o.elapsedMs;
  for (const [why, n] of Object.entries(o.reasons)) into.reasons[why] = (into.reasons[why] ?? 0) + n;
}

/** HTTP calls the next `n` items of a feed make (one for an API path, the recorded calls for Elasticsearch). */
const callsOf = (items: readonly Item[]) => items.reduce((sum, it) => sum + Math.max(1, it.calls.length), 0);
const longest = (items: readonly Item[]) => Math.max(1, ...items.map((it) => it.calls.length));

/** Which items each path draws; `repeats` collects how many a path had to send twice. */
export interface Phase {
  itemsOf: Record<PathName, Item[]>;
  make: MakeTarget;
  /** Logical requests per path, over all rounds. */
  requests: number;
  rounds: number;
  connections: number;
}

/** Closed loop, rounds × (gateway, service, Elasticsearch); figures per path over all rounds. */
export async function interleaved(ph: Phase, repeats?: string[]): Promise<Record<PathName, Figures>> {
  const totals = {} as Record<PathName, Outcome>;
  const feeds = {} as Record<PathName, Feed<Item>>;
  const targets = {} as Record<PathName, Target>;
  for (const p of PATHS) {
    totals[p] = emptyOutcome();
    const f = (feeds[p] = feed(ph.itemsOf[p]));
    targets[p] = { ...ph.make(p, () => f.next()), maxCalls: p === 'elasticsearch' ? longest(ph.itemsOf[p]) : 1 };
  }
  for (let r = 0; r < ph.rounds; r++) {
    const share = Math.floor(ph.requests / ph.rounds) + (r < ph.requests % ph.rounds ? 1 : 0);
    for (const p of PATHS) {
      // autocannon counts HTTP calls; Elasticsearch's logical requests may make several.
      const amount = p === 'elasticsearch' ? callsOf(feeds[p].peek(share)) : share;
      merge(totals[p], await closedLoop(targets[p], ph.connections, amount));
    }
  }
  for (const p of PATHS) {
    if (repeats && feeds[p].wrapped > 0) repeats.push(`${p} ${feeds[p].wrapped}`);
    if (totals[p].errors > 0) log(`  ${p} errors: ${JSON.stringify(totals[p].reasons)}`);
  }
  return Object.fromEntries(PATHS.map((p) => [p, figuresOf(totals[p])])) as Record<PathName, Figures>;
}

/** Every item once on every path (not measured): the answer cache and the request cache then hold the set. */
export async function prime(itemsOf: Record<PathName, Item[]>, make: MakeTarget, connections: number): Promise<void> {
  for (const p of PATHS) {
    const f = feed(itemsOf[p]);
    const t = { ...make(p, () => f.next()), maxCalls: p === 'elasticsearch' ? longest(itemsOf[p]) : 1 };
    const out = await closedLoop(t, connections, p === 'elasticsearch' ? callsOf(itemsOf[p]) : itemsOf[p].length);
    if (out.errors > 0) log(`  priming ${p}: ${out.errors} errors ${JSON.stringify(out.reasons)}`);
  }
}

/** The unmeasured open-loop step at the first rate, on each path, before the measured ones. */
export const OPEN_WARMUP_SECONDS = 5;

/** Logical requests one path sends in openRates: the warm-up step, then every rate for `seconds`. */
export function openRequestsPerPath(rates: readonly number[], seconds: number): number {
  const first = rates[0] ?? 0;
  return rates.reduce((n, r) => n + Math.round(r * seconds), 0) + Math.round(first * OPEN_WARMUP_SECONDS);
}

/**
 * Open loop at each rate, gateway, service then Elasticsearch (interleaved, so drift in the machine
 * hits the three alike), each path from its own never-sent items; the rate counts logical requests
 * (an Elasticsearch search is its two or three recorded calls).
 */
export async function openRates(
  itemsOf: Record<PathName, Item[]>,
  make: MakeTarget,
  rates: readonly number[],
  seconds: number,
  repeats?: string[],
): Promise<RateRow[]> {
  const rows: RateRow[] = [];
  const feeds = Object.fromEntries(PATHS.map((p) => [p, feed(itemsOf[p])])) as Record<PathName, Feed<Item>>;
  const target = (p: PathName) => make(p, () => feeds[p].next());
  // Not measured: a freshly started process (JIT, connection pools) would make the first step's tail.
  const first = rates[0] ?? 0;
  if (first > 0) {
    for (const p of PATHS) {
      log(`  ${p} warm-up at ${first} req/s for ${OPEN_WARMUP_SECONDS} s (not measured) …`);
      await openLoop(target(p), first, OPEN_WARMUP_SECONDS);
    }
  }
  for (const rate of rates) {
    for (const p of PATHS) {
      log(`  ${p} at ${rate} req/s for ${seconds} s …`);
      const out = await openLoop(target(p), rate, seconds);
      if (out.errors > 0) log(`  ${p} at ${rate} req/s errors: ${JSON.stringify(out.reasons)}`);
      rows.push({ rate, path: p, f: figuresOf(out) });
    }
  }
  for (const p of PATHS) {
    if (repeats && feeds[p].wrapped > 0) repeats.push(`open-loop ${p} ${feeds[p].wrapped}`);
  }
  return rows;
}
