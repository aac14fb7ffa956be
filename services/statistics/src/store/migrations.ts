import path from 'node:path';

/** The aggregates' migrations, for the service's schema and for a rebuild's fresh one. */
export const MIGRATIONS_DIR = path.resolve(__dirname, '../../migrations');
