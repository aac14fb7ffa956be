// What main.ts hands the plugin through system.config.yml's `plugins` section.
import { siteInfoSchema, type SiteInfo } from './site';

export interface HealthTarget {
  /** The instance: the service's name, or `dictionary#2` for one of several replicas. */
  name: string;
  /** The service the instance belongs to: it is up while one of its instances is. */
  service: string;
  url: string;
}

export type RateLimitClass = 'search' | 'auth' | 'admin' | 'api';

export interface RateLimitSetting {
  points: number;
  durationSeconds: number;
}

export interface PluginSettings {
  /** Absolute path express-gateway requires the plugin from. */
  package: string;
  redisUrl: string;
  webDist: string;
  bodyLimitBytes: number;
  trustProxy: string;
  /** Strict-Transport-Security is sent only in production (local and test stacks are plain http). */
  hsts: boolean;
  frameAncestors: string[];
  extraOrigins: string[];
  /** Origins besides the request's own allowed to send cookie-carrying writes. */
  trustedOrigins: string[];
  rateLimits: Record<RateLimitClass, RateLimitSetting>;
  healthTargets: HealthTarget[];
  /** Signs the identity headers forwarded to services (kit identity.ts). */
  identitySecret: string;
  /** Served at GET /site.json for the web app. */
  site: SiteInfo;
}

const rateLimitSchema = {
  type: 'object',
  properties: { points: { type: 'integer', minimum: 1 }, durationSeconds: { type: 'integer', minimum: 1 } },
  required: ['points', 'durationSeconds'],
} as const;

/** JSON schema express-gateway validates the settings against before init(). */
export const settingsSchema = {
  $id: 'http://syn.local/schemas/plugins/syn.json',
  type: 'object',
  properties: {
    package: { type: 'string' },
    redisUrl: { type: 'string' },
    webDist: { type: 'string' },
    bodyLimitBytes: { type: 'integer', minimum: 1 },
    trustProxy: { type: 'string' },
    hsts: { type: 'boolean' },
    frameAncestors: { type: 'array', items: { type: 'string' } },
    extraOrigins: { type: 'array', items: { type: 'string' } },
    trustedOrigins: { type: 'array', items: { type: 'string' } },
    rateLimits: {
      type: 'object',
      properties: { search: rateLimitSchema, auth: rateLimitSchema, admin: rateLimitSchema, api: rateLimitSchema },
      required: ['search', 'auth', 'admin', 'api'],
    },
    identitySecret: { type: 'string', minLength: 32 },
    site: siteInfoSchema,
    healthTargets: {
      type: 'array',
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, service: { type: 'string' }, url: { type: 'string' } },
        required: ['name', 'service', 'url'],
      },
    },
  },
  required: [
    'redisUrl',
    'webDist',
    'bodyLimitBytes',
    'trustProxy',
    'hsts',
    'frameAncestors',
    'extraOrigins',
    'trustedOrigins',
    'rateLimits',
    'healthTargets',
    'identitySecret',
    'site',
  ],
} as const;
