/** Which network this deployment talks to (LPS_NETWORK). */
export type NetworkMode = 'sandbox' | 'linkedin';

/** Who acts on the network: the member's person URN and, for LinkedIn, their access token. */
export interface NetworkAccount {
  memberId: string;
  personUrn: string;
  accessToken?: string;
}

export type MediaKind = 'image' | 'document';

/** Media already uploaded to the network, referenced by its URN. */
export interface UploadedMedia {
  kind: MediaKind;
  urn: string;
  /** Documents need a title (the file name); images may carry alt text. */
  title?: string;
  altText?: string;
}

export interface PublishRequest {
  text: string;
  media?: UploadedMedia;
  /** Our stable client reference for this post (recovery after a crash; the sandbox records it). */
  reference: string;
}

export interface PublishedPost {
  urn: string;
  url: string;
}

/** What reading back a post that the network named says about it (recovery, docs/decisions/0005). */
export type OwnPostCheck = { verdict: 'ours' } | { verdict: 'gone' } | { verdict: 'not ours'; reason: string };

export interface PostMetrics {
  impressions: number;
  membersReached: number | null;
  likes: number;
  comments: number;
  shares: number;
}

export interface NetworkIdentity {
  personUrn: string;
  name: string | null;
  email: string | null;
  picture: string | null;
}

/** The network behind one interface: the sandbox simulation or LinkedIn's REST API. */
export interface Network {
  readonly mode: NetworkMode;
  publishPost(account: NetworkAccount, request: PublishRequest): Promise<PublishedPost>;
  uploadImage(account: NetworkAccount, bytes: Buffer, contentType: string): Promise<string>;
  uploadDocument(account: NetworkAccount, bytes: Buffer, fileName: string): Promise<string>;
  deletePost(account: NetworkAccount, urn: string): Promise<void>;
  postAnalytics(account: NetworkAccount, urn: string): Promise<PostMetrics>;
  memberTotals(account: NetworkAccount): Promise<PostMetrics>;
  identity(account: NetworkAccount): Promise<NetworkIdentity>;
  /**
   * A post published earlier with this client reference, if the network can tell.
   * LinkedIn cannot (undefined): its duplicate-post answer is the recovery there.
   */
  findByReference(account: NetworkAccount, reference: string): Promise<PublishedPost | undefined>;
  /**
   * Reads post `urn` back: is it there, by this account, with this text? A
   * "duplicate of urn:…" answer is adopted only when it is (the URN may be a
   * deleted post or someone else's).
   */
  checkOwnPost(account: NetworkAccount, urn: string, text: string): Promise<OwnPostCheck>;
}

/** LinkedIn's public URL of a post: the URN goes into the path as it is. */
export const postUrl = (urn: string): string => `https://www.linkedin.com/feed/update/${urn}/`;
