// What other packages (the start script, tests) may use of the account service.
export { accountService } from './service';
export { seedAdmin, seedLegacySamples, type SeedResult } from './jobs/seed';
