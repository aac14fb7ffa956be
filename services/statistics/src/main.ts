import { runMain } from '@syn/kit';
import { createStatisticsService, DEFAULT_SCHEMA } from './service';

// STATISTICS_SCHEMA lets a benchmark or a second stack keep its aggregates apart.
runMain(createStatisticsService({ schema: process.env.STATISTICS_SCHEMA || DEFAULT_SCHEMA }));
