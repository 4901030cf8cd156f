import type { KeyScope } from '../api/types.js';

/** What each scope lets a key do, in the words the pages use (docs/api.md, Authentication). */
export const SCOPES: { value: KeyScope; label: string; description: string }[] = [
  { value: 'full', label: 'Full access', description: 'Everything the API offers: read, write, schedule and publish.' },
  { value: 'no_publish', label: 'No publishing', description: 'Read and write drafts, ideas, images and webhooks; cannot publish, schedule, queue or approve.' },
  { value: 'read_only', label: 'Read-only', description: 'Read posts, ideas, analytics and settings; change nothing.' },
];

export const scopeLabel = (scope: KeyScope): string => SCOPES.find((entry) => entry.value === scope)?.label ?? scope;
