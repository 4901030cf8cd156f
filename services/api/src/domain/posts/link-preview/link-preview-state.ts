import { randomUUID } from 'node:crypto';
import { unprocessable } from '@lps/common';
import { storedLinkPreviewOf, type LinkPreviewChoices, type StoredLinkPreview } from '@lps/db';
import { firstLinkIn } from './first-link.js';

/** PATCH `link_preview`: a field set to null goes back to the page's (or the body's) own. */
export type LinkPreviewChange = { [K in keyof LinkPreviewChoices]?: LinkPreviewChoices[K] | null };

export interface NextLinkPreview {
  stored: StoredLinkPreview | null;
  /** The card's link is new: its page must be read (a job, never this request). */
  fetch: boolean;
}

function applied(current: LinkPreviewChoices, change: LinkPreviewChange | undefined): LinkPreviewChoices {
  const choices: LinkPreviewChoices = { ...current };
  for (const [key, value] of Object.entries(change ?? {}) as Array<[keyof LinkPreviewChoices, string | boolean | null | undefined]>) {
    if (value === undefined) continue;
    if (value === null) delete choices[key];
    else Object.assign(choices, { [key]: value });
  }
  return choices;
}

/**
 * The link card after a body is saved and/or the member changed their choices
 * (decision 0017). The card follows the member's chosen page, else the body's first
 * link; a new link gets a new request (the page is read again) and drops a title or
 * description the member wrote for the old page, unless this same change sets them.
 */
export function nextLinkPreview(column: unknown, body: string | null, change: LinkPreviewChange | undefined, now = new Date()): NextLinkPreview {
  const current = storedLinkPreviewOf(column);
  const member = applied(current?.member ?? {}, change);
  const url = member.url ?? firstLinkIn(body);
  if (!url) {
    if (change) throw unprocessable('the post has no link to make a card of: put an http(s) link in the body or give link_preview.url', { link_preview: 'no link' });
    return { stored: null, fetch: false };
  }
  if (current && current.url === url) return { stored: { ...current, member }, fetch: false };
  const { title, description, ...kept } = member;
  const carried = { ...kept, ...(change?.title ? { title } : {}), ...(change?.description ? { description } : {}) };
  return { stored: { url, request_id: randomUUID(), requested_at: now.toISOString(), page: null, member: carried }, fetch: true };
}
