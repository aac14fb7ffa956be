// The app()/consumers() definition every service had before build(deps); converted to the
// build(deps) shape so the services can move over one at a time.
import type { Client as ElasticClient } from '@elastic/elasticsearch';
import type { Express } from 'express';
import type { Kafka, Producer } from 'kafkajs';
import type { Connection } from 'mongoose';
import type { Transporter } from 'nodemailer';
import type { Pool } from 'pg';
import { z } from 'zod';
import { configSchema, parseConfig, runtimeShape, storeShapes, type Env } from './config';
import type { RunningConsumer } from './consumer';
import type { Logger } from './logger';
import type { BuiltService, RuntimeConfig, ServiceDefinition, StartedService, StoreNeeds } from './runtime';
import type { Redis } from './stores';

export interface LegacyServiceDeps<C> {
  name: string;
  config: RuntimeConfig & { OUTBOX_RELAY: 'on' | 'off' } & C;
  log: Logger;
  kafka: Kafka;
  producer: Producer;
  topicPrefix: string;
  pool?: Pool;
  schema?: string;
  redis?: Redis;
  mongo?: Connection;
  elastic?: ElasticClient;
  mailer?: Transporter;
}

export interface LegacyServiceDefinition<S extends z.ZodRawShape> {
  name: string;
  defaultPort: number;
  configShape?: S;
  postgres?: { schema: string; migrationsDir?: string };
  redis?: boolean;
  mongo?: boolean;
  elastic?: boolean;
  mail?: boolean;
  produces?: string[];
  app: (deps: LegacyServiceDeps<z.infer<z.ZodObject<S>>>) => Express | Promise<Express>;
  consumers?: (deps: LegacyServiceDeps<z.infer<z.ZodObject<S>>>) => Promise<RunningConsumer[]>;
}

export function isLegacyDefinition(def: object): def is LegacyServiceDefinition<z.ZodRawShape> {
  return 'app' in def && typeof def.app === 'function';
}

export function fromLegacy<S extends z.ZodRawShape>(
  def: LegacyServiceDefinition<S>,
): ServiceDefinition<RuntimeConfig, StoreNeeds, BuiltService> {
  const shape = {
    ...runtimeShape(def.defaultPort),
    ...storeShapes.postgres,
    ...storeShapes.redis,
    ...storeShapes.mongo,
    ...storeShapes.elastic,
    ...storeShapes.mail,
    ...def.configShape,
  };
  const schema = configSchema(shape);
  const stores: StoreNeeds = {
    ...(def.postgres ? { postgres: def.postgres } : {}),
    ...(def.redis ? { redis: true as const } : {}),
    ...(def.mongo ? { mongo: true as const } : {}),
    ...(def.elastic ? { elastic: true as const } : {}),
    ...(def.mail ? { mail: true as const } : {}),
  };
  return {
    name: def.name,
    configShape: shape,
    loadConfig: (env?: Env) => parseConfig(schema, env ?? process.env) as RuntimeConfig,
    stores,
    produces: def.produces,
    build: async (deps) => {
      const legacy = deps as unknown as LegacyServiceDeps<z.infer<z.ZodObject<S>>>;
      const app = await def.app(legacy);
      const consumers = def.consumers;
      return { app, consumers: consumers ? () => consumers(legacy) : undefined };
    },
  };
}

export type LegacyStartedService<C> = Omit<StartedService<C, StoreNeeds, BuiltService>, 'deps'> & {
  deps: LegacyServiceDeps<C>;
};
