import { AppError } from './app-error.js';

/** What an API key may do (decision 0036): everything, only read, or everything but putting posts on the network. */
export const KEY_SCOPES = ['full', 'read_only', 'no_publish'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

/**
 * What an operation does, as a scope sees it: reads nothing changes; publish puts (or plans to put)
 * something on the member's network profile — publish, schedule, queue, approve, attach a network post.
 */
export type Access = 'read' | 'write' | 'publish';

const ALLOWED: Record<KeyScope, readonly Access[]> = {
  full: ['read', 'write', 'publish'],
  read_only: ['read'],
  no_publish: ['read', 'write'],
};

export const scopeAllows = (scope: KeyScope, access: Access): boolean => ALLOWED[scope].includes(access);

export const isKeyScope = (value: unknown): value is KeyScope => typeof value === 'string' && (KEY_SCOPES as readonly string[]).includes(value);

/** 403 naming the scope that refused (docs/api.md "Authentication"). */
export const outsideScope = (scope: KeyScope): AppError => new AppError('forbidden', `this API key's scope (${scope}) does not allow this request`, { details: { scope } });
