// The load ladder's run (see scripts/bench/load.ts): the generated set, a test stack, the people,
// a warm-up and an idle CPU reading, then the rising steps, and the report.
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Stack } from '../../stack';
import { prepareDataset, readHeadwords, sampleHeadwords, startDatasetStack } from '../dataset';
import { cacheCounts, cacheLine, datasetLine, machineLine, servedDataset, type ServedDataset } from '../machine';
import { distinctQueries, feed } from '../queries';
import {
  claimDevicesAndSave,
  LOGIN_MEMBERS,
  logOut,
  openVisitorSessions,
  refreshWordbooks,
  SAVED_AT_START,
  signUpPeople,
  VISITORS,
  type LoginMember,
  type Member,
} from './members';
import type { LoadOptions } from './options';
import type { World } from './plan';
import { cpuDuring, peaksMiB, resetPeaks, watchedProcesses, type Watched } from './proc';
import { finish, header, line, log } from './report';
import { runRate } from './step';
import { summarise, type Row } from './summary';

/** The whole run ends by itself within this (under 15 minutes). */
const BUDGET_MS = 14 * 60_000;
/** Detail ids (and the words saved to wordbooks). */
const SAMPLE = 5_000;
/** Share of the mix that searches (scripts/bench/ladder.ts MIX), with room to spare. */
const SEARCH_SHARE = 0.8;
const QUERY_SEED = 13;
/** Quiet time after the warm-up in which each process's idle CPU burn is measured. */
const IDLE_SECONDS = 10;

export async function main(o: LoadOptions): Promise<void> {
  const started = Date.now();
  const loadAtStart = loadavg();
  let stack: Stack | null = null;
  // The ladder checks the budget before every step; this is the backstop should a step hang.
  const overBudget = setTimeout(() => {
    console.error(`bench:load: over its ${BUDGET_MS / 60_000}-minute budget, stopping the stack and giving up`);
    const stopping = stack ? stack.stop() : Promise.resolve();
    void Promise.race([stopping, sleep(20_000)]).finally(() => process.exit(1));
  }, BUDGET_MS + 30_000);
  overBudget.unref();

  const data = await prepareDataset(o.dataset, { reimport: o.reimport, log });
  const sample = await sampleHeadwords(data.file, SAMPLE);
  // Every search of the run a query no earlier request sent (as far as the dataset allows), so the
  // ladder measures searches past the answer cache, not a cached few.
  // autocannon may send one more second's worth at the end of a step and builds each connection's
  // next request ahead: a second more of every rate, and a tenth to spare.
  const wanted = Math.ceil(
    (o.rates.reduce((a, r) => a + r * (o.stepSeconds + 1), 0) + (o.rates[0] ?? 25) * (o.warmupSeconds + 1)) *
      SEARCH_SHARE *
      1.1,
  );
  const words = (await readHeadwords(data.file)).map((h) => h.word);
  const distinct = distinctQueries(words, wanted, QUERY_SEED);
  const queries = feed(distinct);
  log(
    `${distinct.length} distinct queries of ${wanted} wanted (exact, prefix, 초성, contains), each sent once; ${sample.length} detail ids`,
  );

  const running = await startDatasetStack(data, o.offset, log);
  const dictionaries = (running.env.DICTIONARY_URLS ?? '').split(',').filter((u) => u !== '');
  stack = running;
  const base = running.baseUrl;
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(base)) throw new Error(`refusing to load anything but 127.0.0.1 (${base})`);
  const dataset: { served: ServedDataset | null } = { served: null };
  const rows: Row[] = [];
  let members: Member[] = [];
  let logins: LoginMember[] = [];
  const visitors: string[] = [];
  let procs: Watched[];
  let idlePerMs: Record<string, number>;
  try {
    const run = `${Date.now().toString(36)}`;
    log(`signing up ${o.members} members and ${LOGIN_MEMBERS} login-only members through the gateway …`);
    ({ members, logins } = await signUpPeople(base, run, o.members, log));
    const byId = new Map(sample.map((s) => [s.id, s.word]));
    const ids = sample.map((s) => s.id);
    log(`claiming devices and saving ${SAVED_AT_START} words for each member …`);
    await claimDevicesAndSave(base, members, ids, byId);
    log(`opening ${VISITORS} visitor sessions …`);
    await openVisitorSessions(base, ids, visitors);
    const world: World = { members, logins, visitors, queries, ids, words: byId };
    procs = await watchedProcesses(running);
    log(`watching peak memory of ${procs.map((p) => `${p.name} (${p.pid})`).join(', ')}`);

    log(`warm-up: ${o.warmupSeconds} s of the mix at ${o.rates[0]} req/s (not measured) …`);
    await runRate(base, o.rates[0] ?? 25, o.warmupSeconds, world);
    log(`measuring each process's idle CPU for ${IDLE_SECONDS} s …`);
    await sleep(1000);
    const idle = await cpuDuring(procs, () => sleep(IDLE_SECONDS * 1000));
    idlePerMs = Object.fromEntries(Object.entries(idle.spent).map(([name, ms]) => [name, ms / idle.elapsedMs]));

    dataset.served = await servedDataset(base);
    log('');
    log(datasetLine(dataset.served, data.alias));
    log(machineLine());
    log(header(procs));
    for (const rate of o.rates) {
      if (Date.now() - started + (o.stepSeconds + 20) * 1000 > BUDGET_MS) {
        log(`(stopping: the next step would overrun the ${BUDGET_MS / 60_000}-minute budget)`);
        break;
      }
      // The pause lets the server finish requests cut off at the end of the last step before the wordbooks are read.
      await sleep(1000);
      await refreshWordbooks(base, members);
      resetPeaks(procs);
      const cacheBefore = await cacheCounts(dictionaries);
      const step = await cpuDuring(procs, () => runRate(base, rate, o.stepSeconds, world));
      const row = summarise(rate, o.stepSeconds, step.result, peaksMiB(procs), { ...step, idlePerMs });
      rows.push(row);
      log(line(row, procs));
      log(`  ${cacheLine(cacheBefore, await cacheCounts(dictionaries))}`);
      if (row.verdict === 'failed') break;
    }
  } finally {
    await logOut(base, [...members.map((m) => m.cookie), ...logins.map((l) => l.cookie), ...visitors]);
    await running.stop();
  }

  if (queries.wrapped > 0) log(`the dataset ran out of distinct queries: ${queries.wrapped} searches repeated one`);
  finish({
    started,
    loadAtStart,
    members: o.members,
    stepSeconds: o.stepSeconds,
    procs,
    idlePerMs,
    rows,
    served: dataset.served,
    alias: data.alias,
  });
}
