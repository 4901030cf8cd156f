/** The shapes the pages read: /api/v1's (docs/api.md) and the dashboard's own (docs/dashboard.md). */

export interface Member {
  id: string;
  display_name: string | null;
  headline: string | null;
  company_name?: string | null;
  network_connected: boolean;
}

export interface SessionInfo {
  member: Member;
  /** The member's time zone and approval setting, read with the session so no page asks for them again. */
  settings: { time_zone: string; approval_required: boolean };
  session: { id: string; created_at: string; expires_at: string; idle_expires_at: string };
  network: 'sandbox' | 'linkedin';
  api_base_url: string;
  mcp_url: string;
  key_cache_seconds: number;
}

export interface SignInOptions {
  network: 'sandbox' | 'linkedin';
  methods: string[];
  signup: 'open' | 'closed';
}

export type KeyScope = 'full' | 'read_only' | 'no_publish';

export interface ApiKeyInfo {
  id: string;
  name: string;
  last4: string;
  scope: KeyScope;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
}

export type PostStatus = 'draft' | 'draft_saved' | 'approved' | 'generating_images' | 'scheduled' | 'published' | 'rejected';

export const POST_STATUSES: PostStatus[] = ['draft', 'draft_saved', 'approved', 'generating_images', 'scheduled', 'published', 'rejected'];

export interface PostImage {
  image_url: string;
  alt_text: string | null;
}

export type PostFormat = 'text' | 'image' | 'document' | 'video' | 'poll';

export interface ImageCandidate {
  base_url: string;
  width: number | null;
  height: number | null;
  kind: 'image' | 'document' | 'video';
  source: 'generated' | 'upload';
  title?: string;
  duration_seconds?: number;
  alt_text?: string;
  shows_text?: string;
}

export interface LinkPreview {
  url: string;
  enabled: boolean;
  status: 'pending' | 'ready' | 'unavailable';
  title: string | null;
  description: string | null;
  image_url: string | null;
  site_name: string | null;
  edited: boolean;
  note: string | null;
  fetched_at: string | null;
}

export interface Poll {
  question: string;
  options: string[];
  duration_days: number;
}

export interface Post {
  id: string;
  status: PostStatus;
  idea: string | null;
  body: string | null;
  image_url: string | null;
  images?: PostImage[] | null;
  scheduled_at: string | null;
  published_at: string | null;
  network_post_urn: string | null;
  network_url: string | null;
  format: PostFormat;
  auto_generated: boolean;
  created_at: string;
  last_error?: string | null;
  image_candidates?: ImageCandidate[];
  link_preview?: LinkPreview | null;
  poll?: Poll | null;
  review_note?: string | null;
}

/** `{preview}` of GET and POST /posts/{id}/preview: the post as LinkedIn will receive and show it (decision 0032). */
export interface PostPreview {
  commentary: string;
  characters: number;
  limit: number;
  over_limit: boolean;
  text: string;
  fold: { lines: number; lines_when_third_is_blank: number };
  hashtags: string[];
  mentions: { name: string; urn: string }[];
  link: { url: string; status: 'pending' | 'ready' | 'unavailable'; title: string | null; description: string | null; image_url: string | null; shown: boolean } | null;
  media: { kind: 'image' | 'document' | 'video'; url: string; alt_text: string | null; title: string | null }[];
  poll: Poll | null;
  warnings: string[];
}

export interface Template {
  id: string;
  name: string;
  description: string;
}

/** An entry of GET /publication-failures: a post whose last publication failed for good. */
export interface PublicationFailure {
  post_id: string;
  title: string;
  error: string;
  code: string | null;
  failed_at: string;
  status: PostStatus;
}

/** GET /dashboard/api/sandbox: the failure the sandbox will answer the member's next publication with. */
export interface SandboxFailures {
  armed: string | null;
  kinds: { kind: string; label: string; description: string }[];
}

export interface Page<T> {
  data: T[];
  page: { next_cursor: string | null; has_more: boolean };
}

export interface LastDelivery {
  status: DeliveryStatus;
  response_code: number | null;
  at: string;
}

export interface Webhook {
  id: string;
  url: string;
  events: string[];
  is_active: boolean;
  created_at: string;
  last_delivery?: LastDelivery | null;
}

export type DeliveryStatus = 'pending' | 'success' | 'failed';

export interface Delivery {
  id: string;
  event: string;
  status: DeliveryStatus;
  attempts: number;
  response_code: number | null;
  last_error: string | null;
  created_at: string;
}

export interface GrantStatus {
  connected: boolean;
  expires_at: string | null;
  disconnect_reason: string | null;
}

export interface Connection {
  network: 'sandbox' | 'linkedin';
  share: GrantStatus & { person_urn: string | null };
  analytics: GrantStatus | null;
}

export interface ConnectionPage {
  connection: Connection;
  profile: { name: string | null; picture_url: string | null } | null;
  sandbox: { description: string } | null;
}

export interface SessionRow {
  id: string;
  current: boolean;
  created_at: string;
  last_seen_at: string | null;
  expires_at: string;
  user_agent: string | null;
  method: string;
}
