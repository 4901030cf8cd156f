/**
 * A post's link card (decision 0017), as stored in `posts.link_preview` and as
 * the API shows it. Stored: the link the card is for, the fetch request that
 * belongs to that link, what the page said (null until the fetch job answers),
 * and the member's own choices. Shown: the card as it would be published.
 */

/** What the fetch job read from the page (or why it could not). */
export type LinkPage = {
  status: 'ready' | 'unavailable';
  title: string | null;
  description: string | null;
  /** The page's image, stored by this service (normalised, at most 1200 px). */
  image_url: string | null;
  site_name: string | null;
  /** Why the page gave no card, or what of it could not be used (the image, say). */
  note: string | null;
  fetched_at: string;
};

/** The member's choices (PATCH /posts/{id} `link_preview`). */
export type LinkPreviewChoices = {
  enabled?: boolean;
  /** A page other than the body's first link. */
  url?: string;
  title?: string;
  description?: string;
};

// A type alias, not an interface: stored as JSON, like the wire objects.
export type StoredLinkPreview = {
  url: string;
  /** Changes whenever `url` does: the fetch job for an older link finds it changed and writes nothing. */
  request_id: string;
  requested_at: string;
  page: LinkPage | null;
  member: LinkPreviewChoices;
};

/** The `link_preview` column as a value; null when the post has none (or the column holds something else). */
export function storedLinkPreviewOf(column: unknown): StoredLinkPreview | null {
  if (!column || typeof column !== 'object' || Array.isArray(column)) return null;
  const value = column as StoredLinkPreview;
  return typeof value.url === 'string' && typeof value.request_id === 'string' ? { ...value, member: value.member ?? {} } : null;
}

/** The card as it will be published: the member's words over the page's, the page's address as the last resort for a title. */
export function linkPreviewToWire(column: unknown) {
  const stored = storedLinkPreviewOf(column);
  if (!stored) return null;
  const { page, member } = stored;
  const status = page?.status ?? 'pending';
  return {
    url: stored.url,
    enabled: member.enabled !== false,
    status,
    title: member.title ?? page?.title ?? null,
    description: member.description ?? page?.description ?? null,
    image_url: page?.image_url ?? null,
    site_name: page?.site_name ?? null,
    edited: member.url !== undefined || member.title !== undefined || member.description !== undefined,
    note: page?.note ?? null,
    fetched_at: page?.fetched_at ?? null,
  };
}

export type WireLinkPreview = NonNullable<ReturnType<typeof linkPreviewToWire>>;
