import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, memberApi, request } from '../api/client.js';
import type { PostPreview } from '../api/types.js';
import { commentaryLength, composeCommentary, LINKEDIN_COMMENTARY_MAX } from './commentary.js';

/** At most one check with the server per this many milliseconds while the member types (≤ 2.5 a second). */
export const CHECK_GAP_MS = 400;
/** A pause this long after a keystroke is enough to check at once (when the last check is old enough). */
const SETTLE_MS = 150;

export type PreviewSource = 'server' | 'local';

export interface ShownPreview {
  /** What the page shows: the server's answer for exactly this text, else the page's own composition. */
  preview: Omit<PostPreview, 'fold' | 'warnings' | 'link' | 'media' | 'poll'> & Partial<Pick<PostPreview, 'fold' | 'link' | 'media' | 'poll'>> & { warnings: string[] };
  source: PreviewSource;
  /** The server checked this text and read it as the page did (commentary, text, count, tags and mentions). */
  agreed: boolean | undefined;
  /** A check is due or on its way for the text now shown. */
  checking: boolean;
  error: ApiError | undefined;
}

interface Answer {
  key: string;
  preview?: PostPreview;
  error?: ApiError;
}

/** The body as it would be saved: PATCH trims it (services/api/src/schemas/post.ts). */
const asSaved = (body: string) => body.trim();

/** The same composition the publisher sends, made in the browser: instant, no network. */
function localPreview(body: string) {
  const composed = composeCommentary(asSaved(body));
  const characters = commentaryLength(composed.commentary);
  return {
    commentary: composed.commentary,
    characters,
    limit: LINKEDIN_COMMENTARY_MAX,
    over_limit: characters > LINKEDIN_COMMENTARY_MAX,
    text: composed.text,
    hashtags: composed.hashtags,
    mentions: composed.mentions,
    notes: composed.notes,
  };
}

const sameList = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The post as LinkedIn will show it, while the member types: composed locally at every keystroke
 * (typing never waits for the network), and checked with the server (`POST /posts/{id}/preview`
 * with the proposed body) at most every CHECK_GAP_MS — never two checks at once, the newest text
 * always checked last. The server's answer wins for the text it was asked about; its warnings
 * (alt text, link card, mentions…) are the ones shown. `revision` changes when something else the
 * preview shows changed on the server (images, poll, link card): the same text is checked again.
 */
export function usePreview(postId: string, body: string, revision: string): ShownPreview {
  const local = useMemo(() => localPreview(body), [body]);
  const key = `${revision}\n${asSaved(body)}`;
  const [answer, setAnswer] = useState<Answer>();
  const [lastPreview, setLastPreview] = useState<PostPreview>();
  const latest = useRef({ key, body });
  const pending = useRef<{ timer: ReturnType<typeof setTimeout> | undefined; inFlight: boolean; lastSentAt: number; sentKey: string | undefined }>({
    timer: undefined,
    inFlight: false,
    lastSentAt: 0,
    sentKey: undefined,
  });
  const alive = useRef(new AbortController());

  useEffect(() => {
    const controller = new AbortController();
    alive.current = controller;
    const state = pending.current;
    return () => {
      controller.abort();
      clearTimeout(state.timer);
      state.timer = undefined;
    };
  }, [postId]);

  useEffect(() => {
    latest.current = { key, body };
    const state = pending.current;
    const send = () => {
      state.timer = undefined;
      const { key: sentKey, body: sentBody } = latest.current;
      if (state.sentKey === sentKey) return;
      state.inFlight = true;
      state.lastSentAt = Date.now();
      state.sentKey = sentKey;
      const { signal } = alive.current;
      request<{ preview: PostPreview }>(memberApi(`/posts/${encodeURIComponent(postId)}/preview`), { method: 'POST', body: { body: asSaved(sentBody) }, signal })
        .then(
          ({ preview }) => {
            setAnswer({ key: sentKey, preview });
            setLastPreview(preview);
          },
          (failure: unknown) => {
            if (signal.aborted) return;
            setAnswer({ key: sentKey, error: failure instanceof ApiError ? failure : new ApiError(0, 'client_error', (failure as Error).message) });
          },
        )
        .finally(() => {
          state.inFlight = false;
          // The member typed on while this check was out: check the newest text too.
          if (!signal.aborted && latest.current.key !== sentKey && state.timer === undefined) schedule();
        });
    };
    const schedule = () => {
      if (state.inFlight || state.timer !== undefined) return;
      const wait = Math.max(SETTLE_MS, state.lastSentAt + CHECK_GAP_MS - Date.now());
      state.timer = setTimeout(send, wait);
    };
    schedule();
  }, [postId, key, body]);

  const current = answer?.key === key ? answer : undefined;
  if (current?.preview) {
    const server = current.preview;
    const agreed =
      server.commentary === local.commentary &&
      server.text === local.text &&
      server.characters === local.characters &&
      sameList(server.hashtags, local.hashtags) &&
      sameList(server.mentions, local.mentions);
    return { preview: server, source: 'server', agreed, checking: false, error: undefined };
  }
  // Until the server answers for this text: the local composition, with the last answer's
  // fold, link card, media and poll (they do not depend on the words being typed) and the
  // local notes on tags and mentions (the server's warnings come with its answer).
  const { notes, ...text } = local;
  return {
    preview: {
      ...text,
      fold: lastPreview?.fold,
      link: lastPreview?.link,
      media: lastPreview?.media,
      poll: lastPreview?.poll,
      warnings: notes,
    },
    source: 'local',
    agreed: undefined,
    checking: current?.error === undefined,
    error: current?.error,
  };
}
