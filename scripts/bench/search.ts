// npm run bench:search [-- --help]
//
// The dictionary's search benchmark, on three paths measured alike: through the gateway (what a
// browser gets), straight to the dictionary service (one or several replicas, --services), and
// straight to Elasticsearch with exactly the calls the service makes (recorded from the service's
// own read path, scripts/bench/search/traces.ts). Phases, each on every path in interleaved rounds:
//   COLD   every query (exact, prefix, 초성, contains) and id sent once in the whole run: no cache
//          answers (neither the service's answer cache nor Elasticsearch's request cache);
//   WARM   a small set primed on every path, then repeated: what the caches give;
//   OPEN   search and detail at fixed rates of logical requests (open loop, each timed from when it
//          was due), gateway, service and Elasticsearch in turn at each rate, with the highest
//          rate whose p99 ≤ 100 ms and no error, and the gateway ÷ Elasticsearch p50 at 100 req/s.
// Every table carries the machine's load average and CPU count; the dataset size is what the
// service reports. The parts live in scripts/bench/search/: options, targets (the three paths),
// traces (the recorded Elasticsearch calls), drive (closed loop on autocannon, open loop on undici),
// phases, report.
import { main } from './search/main';
import { readOptions, USAGE } from './search/options';

// A bad flag throws here, before the dataset or the stack is touched.
const options = readOptions();
if (options === 'help') {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

main(options).then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
