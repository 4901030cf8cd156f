import { existsSync } from 'node:fs';
import Joi from 'joi';
import { defineSection } from './section.js';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** One Redis server, or one seed node of a cluster. */
export interface RedisNode {
  host: string;
  port: number;
}

/** Where Redis is and how to reach it: what `@lps/queue`'s connection factory needs, and nothing else reads. */
export interface RedisSettings {
  /** REDIS_URL as given (child processes in tests get the same). */
  url: string;
  /** Prefix of every key; the queues use it as the hash tag `{prefix}`. */
  prefix: string;
  /** REDIS_CLUSTER: `nodes` are seeds of a Redis Cluster (the client learns the rest from them). */
  cluster: boolean;
  nodes: RedisNode[];
  /** `rediss://`: TLS, verified against the system's CAs or `tls.caFile`. */
  tls?: { caFile?: string };
  /** From the URL's user info (an ACL user, or only a password for `requirepass`). */
  username?: string;
  password?: string;
  /** The URL's `/<db>`; a cluster has only database 0. */
  db: number;
}

const parseUrl = (text: string) => {
  const url = new URL(text.trim());
  return {
    scheme: url.protocol.replace(/:$/, ''),
    node: { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 6379) },
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
  };
};

/** One `redis://` or `rediss://` URL, or (for a cluster) several separated by commas, all of one scheme. */
const redisUrls = Joi.string().custom((value: string, helpers) => {
  const parts = value.split(',').filter((part) => part.trim() !== '');
  try {
    const parsed = parts.map(parseUrl);
    if (parsed.length === 0 || parsed.some((part) => (part.scheme !== 'redis' && part.scheme !== 'rediss') || part.node.host === '')) throw new Error();
    if (new Set(parsed.map((part) => part.scheme)).size > 1) return helpers.message({ custom: '{{#label}} mixes redis:// and rediss:// seeds' });
    if (parsed.some((part) => !Number.isInteger(part.db) || part.db < 0)) throw new Error();
  } catch {
    return helpers.message({ custom: '{{#label}} must be a redis:// or rediss:// URL (several, comma-separated, only with REDIS_CLUSTER=1)' });
  }
  return value;
});

export const redisSection = defineSection({
  variables: {
    REDIS_URL: redisUrls.default(DEFAULT_REDIS_URL),
    LPS_REDIS_PREFIX: Joi.string()
      .pattern(/^[A-Za-z0-9_-]+$/)
      .default('lps'),
    REDIS_CLUSTER: Joi.boolean().truthy('1').falsy('0').default(false),
    REDIS_TLS_CA_FILE: Joi.string().custom((value: string, helpers) => (existsSync(value) ? value : helpers.message({ custom: '{{#label}} names no readable file' }))),
  },
  build: (env): RedisSettings => {
    const url = env.REDIS_URL as string;
    const cluster = env.REDIS_CLUSTER as boolean;
    const parsed = url
      .split(',')
      .filter((part) => part.trim() !== '')
      .map(parseUrl);
    const first = parsed[0] as ReturnType<typeof parseUrl>;
    const caFile = env.REDIS_TLS_CA_FILE as string | undefined;
    return {
      url,
      prefix: env.LPS_REDIS_PREFIX as string,
      cluster,
      nodes: parsed.map((part) => part.node),
      ...(first.scheme === 'rediss' ? { tls: caFile ? { caFile } : {} } : {}),
      ...(first.username ? { username: first.username } : {}),
      ...(first.password ? { password: first.password } : {}),
      db: first.db,
    };
  },
});

/** Cross-variable rules, checked once the values are parsed (load-config.ts). */
export function redisProblems(redis: RedisSettings, caFileGiven: boolean): string[] {
  const problems: string[] = [];
  if (!redis.cluster && redis.nodes.length > 1) problems.push('REDIS_URL lists several servers: set REDIS_CLUSTER=1 for a cluster');
  if (redis.cluster && redis.db !== 0) problems.push('REDIS_URL names a database other than 0, which a cluster does not have');
  if (caFileGiven && !redis.tls) problems.push('REDIS_TLS_CA_FILE is set but REDIS_URL is not rediss://');
  return problems;
}
