// npm run bench:load [-- --rates 10,25,50 --step 15 --warmup 15 --members 40 --offset 34 --reimport]
//
// The load ladder. Starts a test stack on the generated 500k headword set
// (scripts/bench/dataset.ts), signs members up through the real flow (join → mail → confirm →
// login → device claim, all through the gateway), then drives a realistic mix through the gateway
// at rising fixed rates: 70 % search (exact, prefix, 초성, contains; visitors and members), 20 %
// detail, 5 % wordbook (list, save, delete), 5 % login/validate (scripts/bench/ladder.ts). Per step
// it prints the achieved throughput, p50/p99, errors, every process's peak memory (VmHWM) and CPU
// time per request, stops after the first step that clearly fails, reports the highest rate held
// with p99 ≤ 100 ms and no errors, and writes everything to .local/bench/load-<date>.json.
// Only 127.0.0.1 is ever targeted; the run stops by itself within 14 minutes.
// The parts live in scripts/bench/load/: http, mail, members (sign-up and login), plan (the mix),
// step (one rate), summary, proc (/proc sampling), report (console, JSON and Markdown).
import { main } from './load/main';
import { readOptions } from './load/options';

// A bad flag throws here, before the dataset or the stack is touched.
const options = readOptions();

main(options).then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
