// The flags of `npm run bench:search`, read once at start so that a bad one stops the run before anything starts.
import { parseArgs } from 'node:util';
import { datasetFlags, datasetKind, type DatasetKind } from '../dataset';

export const USAGE = `npm run bench:search -- [options]

  --dataset generated|default  generated: the 500k headword / 1.5M relation set in its own alias
                               (imported once); default: the small data/default.jsonl the test
                               stack loads (a quick run)                       [generated]
  --requests N        closed loop: searches per path in the cold phase and in the warm phase,
                      and detail views per path in each                        [6000]
  --connections N     closed loop: connections per path, flat out              [50]
  --rounds N          the cold phase in N rounds, each running gateway, service, Elasticsearch
                      in turn (interleaved, so drift in the machine hits all three alike)  [3]
  --warm-set N        distinct searches (and ids) of the warm phase: each sent once to every
                      path before it is measured; well under the service's answer cache   [1000]
  --rates R,R,...     open loop: rates of searches (and of detail views) a second, each rate run
                      on the gateway, the service and Elasticsearch in turn; Elasticsearch's
                      search is the service's two or three calls, one after another  [25,50,100,200]
  --step S            open loop: seconds per rate (after a 5 s unmeasured warm-up per path)  [15]
  --services URL,...  the dictionary service(s) to measure directly (replicas): requests are spread
                      over them                           [the test stack's DICTIONARY_URLS]
  --answer-cache N    ANSWER_CACHE_ENTRIES of the dictionary under test (0: no answer cache)
                                                                              [the service's default]
  --skip P,...        leave out phases: cold, warm, detail, open
  --offset N          TEST_STACK_OFFSET of the test stack                    [59]
  --reimport          import the generated set again (and time it)
  --help              this text`;

export type Phase = 'cold' | 'warm' | 'detail' | 'open';
const PHASES: readonly Phase[] = ['cold', 'warm', 'detail', 'open'];

export interface SearchOptions {
  dataset: DatasetKind;
  requests: number;
  connections: number;
  rounds: number;
  warmSet: number;
  rates: number[];
  stepSeconds: number;
  services: string[] | null;
  answerCache: number | null;
  skip: Set<Phase>;
  offset: string;
  reimport: boolean;
}

const positive = (v: number) => Number.isInteger(v) && v >= 1;

export function readOptions(argv: string[] = process.argv.slice(2)): SearchOptions | 'help' {
  const { values: a } = parseArgs({
    args: argv,
    options: {
      requests: { type: 'string', default: '6000' },
      connections: { type: 'string', default: '50' },
      rounds: { type: 'string', default: '3' },
      'warm-set': { type: 'string', default: '1000' },
      rates: { type: 'string', default: '25,50,100,200' },
      step: { type: 'string', default: '15' },
      services: { type: 'string' },
      'answer-cache': { type: 'string' },
      skip: { type: 'string', default: '' },
      help: { type: 'boolean', default: false },
      ...datasetFlags('59'),
    },
  });
  if (a.help) return 'help';
  const o: SearchOptions = {
    dataset: datasetKind(a.dataset),
    requests: Number(a.requests),
    connections: Number(a.connections),
    rounds: Number(a.rounds),
    warmSet: Number(a['warm-set']),
    rates: a.rates.split(',').map(Number),
    stepSeconds: Number(a.step),
    services: a.services ? a.services.split(',').map((u) => u.trim().replace(/\/$/, '')) : null,
    answerCache: a['answer-cache'] === undefined ? null : Number(a['answer-cache']),
    skip: new Set(a.skip.split(',').filter((p): p is Phase => p !== '')),
    offset: a.offset,
    reimport: a.reimport,
  };
  const problems = [
    ![o.requests, o.connections, o.rounds, o.warmSet, o.stepSeconds].every(positive) &&
      '--requests, --connections, --rounds, --warm-set and --step must be positive integers',
    !o.rates.every(positive) && '--rates must be positive integers',
    o.answerCache !== null &&
      !(Number.isInteger(o.answerCache) && o.answerCache >= 0) &&
      '--answer-cache must be 0 or more',
    [...o.skip].some((p) => !PHASES.includes(p)) && `--skip takes ${PHASES.join(', ')}`,
    o.services?.some((u) => !/^http:\/\/[^/]+$/.test(u)) && '--services takes http://host:port URLs',
  ].filter((p): p is string => typeof p === 'string');
  if (problems.length > 0) throw new Error(`${problems.join('; ')}\n\n${USAGE}`);
  return o;
}
