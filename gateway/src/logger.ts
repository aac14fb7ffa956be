import pino from 'pino';

/** JSON logs on stdout, like the services; LOG_LEVEL also tunes express-gateway's own winston logs. */
export const logger = pino({ name: 'gateway', level: process.env.LOG_LEVEL ?? 'info' });
