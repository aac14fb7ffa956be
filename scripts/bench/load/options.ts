// The flags of `npm run bench:load`, read once at start so that a bad one stops the run before anything starts.
import { parseArgs } from 'node:util';
import { datasetFlags, datasetKind, type DatasetKind } from '../dataset';

export interface LoadOptions {
  /** The ladder's target rates, req/s, in order. */
  rates: number[];
  stepSeconds: number;
  warmupSeconds: number;
  members: number;
  dataset: DatasetKind;
  reimport: boolean;
  /** TEST_STACK_OFFSET of the run's test stack. */
  offset: string;
}

export function readOptions(): LoadOptions {
  const { values: args } = parseArgs({
    options: {
      rates: { type: 'string', default: '10,25,50,100,150,200,300,400,500,600,800' },
      step: { type: 'string', default: '15' },
      warmup: { type: 'string', default: '15' },
      members: { type: 'string', default: '40' },
      ...datasetFlags('34'),
    },
  });
  const rates = args.rates.split(',').map(Number);
  const stepSeconds = Number(args.step);
  const members = Number(args.members);
  if (rates.some((r) => !Number.isInteger(r) || r < 1) || !(stepSeconds >= 1) || !(members >= 1)) {
    throw new Error('--rates must be positive integers, --step and --members at least 1');
  }
  process.env.TEST_STACK_OFFSET = args.offset;
  return {
    rates,
    stepSeconds,
    warmupSeconds: Number(args.warmup),
    members,
    dataset: datasetKind(args.dataset),
    reimport: args.reimport,
    offset: args.offset,
  };
}
