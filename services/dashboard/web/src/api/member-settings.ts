import { memberApi, request } from './client.js';
import type { MemberSettings } from './plan-types.js';
import { useResource, type Resource } from './use-resource.js';

// The member's settings (time zone, approval) are read by every planning page and change only on
// the settings page: read once, kept for the app's life, replaced when that page saves them.
let known: MemberSettings | undefined;

/**
 * Keeps what `PATCH /settings` answered, so the next page shows the new zone without asking again
 * (the page that saved calls its resource's `reload`, which answers from here).
 */
export function rememberSettings(settings: MemberSettings): void {
  known = settings;
}

/** Forgets them: the next read asks the server (a page that found another zone in an answer). */
export function forgetSettings(): void {
  known = undefined;
}

/** `GET /settings`, once per app (and again after `forgetSettings`). */
export function useMemberSettings(): Resource<MemberSettings> {
  return useResource('settings', async (signal) => {
    if (known) return known;
    const answer = await request<{ settings: MemberSettings }>(memberApi('/settings'), { signal });
    known = answer.settings;
    return known;
  });
}
