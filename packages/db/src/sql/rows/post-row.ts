import { Prisma, type NetworkConnection, type Post } from '../../generated/prisma/client.js';

/** `analyticsEngagementRate` → `analytics_engagement_rate`, as schema.prisma maps every field (`@map`). */
type SnakeCase<Name extends string> = Name extends `${infer Head}${infer Tail}` ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}` : Name;

/**
 * A `posts` row as pg returns it (`SELECT *`): mapped column names, timestamps as Date, jsonb parsed.
 * Written from Prisma's `Post`, so a new column in schema.prisma is here with nothing else to edit.
 */
export type PostRow = { [Field in Extract<keyof Post, string> as SnakeCase<Field>]: Post[Field] };

const snakeCase = (field: string): string => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Each column with its field, from Prisma's own list of the model's fields (computed once). */
const POST_COLUMNS = Object.values(Prisma.PostScalarFieldEnum).map((field) => [snakeCase(field) as keyof PostRow, field] as const);

/** The one snake_case → `Post` mapping for plain SQL, so SQL callers get exactly what Prisma would return. */
export const postFromRow = (row: PostRow): Post => {
  const post: Record<string, unknown> = {};
  for (const [column, field] of POST_COLUMNS) post[field] = row[column];
  return post as Post;
};

/**
 * A `network_connections` row read through `to_jsonb` (joined to its post in one
 * statement), so its timestamps arrive as ISO strings.
 */
export interface ConnectionJson {
  member_id: string;
  provider: string;
  person_urn: string | null;
  profile_name?: string | null;
  profile_picture_url?: string | null;
  access_token_enc: string | null;
  refresh_token_enc: string | null;
  scopes: string | null;
  expires_at: string | null;
  refresh_expires_at: string | null;
  connected_at: string | null;
  disconnected_at: string | null;
  disconnect_reason: string | null;
  updated_at: string;
}

const dateOrNull = (value: string | null): Date | null => (value === null ? null : new Date(value));

export const connectionFromJson = (json: ConnectionJson): NetworkConnection => ({
  memberId: json.member_id,
  provider: json.provider,
  personUrn: json.person_urn,
  profileName: json.profile_name ?? null,
  profilePictureUrl: json.profile_picture_url ?? null,
  accessTokenEnc: json.access_token_enc,
  refreshTokenEnc: json.refresh_token_enc,
  scopes: json.scopes,
  expiresAt: dateOrNull(json.expires_at),
  refreshExpiresAt: dateOrNull(json.refresh_expires_at),
  connectedAt: dateOrNull(json.connected_at),
  disconnectedAt: dateOrNull(json.disconnected_at),
  disconnectReason: json.disconnect_reason,
  updatedAt: new Date(json.updated_at),
});
