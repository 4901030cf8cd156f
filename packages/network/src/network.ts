/** Which network this deployment talks to (LPS_NETWORK). */
export type NetworkMode = 'sandbox' | 'linkedin';

/** Who acts on the network: the member's person URN and, for LinkedIn, their access token. */
export interface NetworkAccount {
  memberId: string;
  personUrn: string;
  accessToken?: string;
}

export type MediaKind = 'image' | 'document' | 'video';

/** Media already uploaded to the network, referenced by its URN. */
export interface UploadedMedia {
  kind: MediaKind;
  urn: string;
  /** Documents (and videos) show a title; images may carry alt text. */
  title?: string;
  altText?: string;
}

/** One image of a multi-image post: its URN and, for screen readers, its alt text. */
export interface UploadedImage {
  urn: string;
  altText?: string;
}

/**
 * A link card (LinkedIn's `content.article`): LinkedIn does not read the page
 * itself, the card shows exactly these fields.
 */
export interface ArticleCard {
  /** The page the card opens. */
  source: string;
  title: string;
  description?: string;
  /** An uploaded image's URN (`uploadImage`). */
  thumbnail?: string;
  thumbnailAltText?: string;
}

/** How long a poll takes votes, in days (LinkedIn's ONE_DAY, THREE_DAYS, SEVEN_DAYS, FOURTEEN_DAYS). */
export type PollDurationDays = 1 | 3 | 7 | 14;

/** A poll (LinkedIn's `content.poll`): a question, 2–4 options, one vote per member. It carries no media. */
export interface PollRequest {
  question: string;
  options: string[];
  durationDays: PollDurationDays;
}

/**
 * A post to publish: its `commentary` exactly as it is sent (made by
 * `composeCommentary`, the function the preview shows it with: decision 0032), and
 * what it carries besides: one of a single medium, several images, a poll or a
 * link card (none: text only).
 */
export interface PublishRequest {
  commentary: string;
  media?: UploadedMedia;
  /** 2–20 images, in order (a multi-image post). */
  images?: UploadedImage[];
  poll?: PollRequest;
  article?: ArticleCard;
  /** Our stable client reference for this post (recovery after a crash; the sandbox records it). */
  reference: string;
}

/** Where an uploaded asset is on its way to being usable in a post. */
export type MediaStatus = 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED';

/**
 * A video to upload, read a byte range at a time so it is never held whole in
 * memory: LinkedIn asks for parts of a few megabytes each.
 */
export interface VideoSource {
  sizeBytes: number;
  /** Bytes `first` to `last`, both included. */
  readRange(first: number, last: number): Promise<Buffer>;
}

export interface PublishedPost {
  urn: string;
  url: string;
}

/**
 * What reading back a post that the network named says about it (recovery,
 * docs/decisions/0005): ours comes with the time the network says it was
 * created, when it says one.
 */
export type OwnPostCheck = { verdict: 'ours'; createdAt?: Date } | { verdict: 'gone' } | { verdict: 'not ours'; reason: string };

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
  /**
   * Uploads a video in parts (initialize, one PUT per part, finalize) and returns
   * its URN. The video is PROCESSING afterwards: a post may name it once
   * `videoStatus` says AVAILABLE.
   */
  uploadVideo(account: NetworkAccount, video: VideoSource): Promise<string>;
  videoStatus(account: NetworkAccount, urn: string): Promise<MediaStatus>;
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
   * Reads post `urn` back: is it there, by this account, with this commentary? A
   * "duplicate of urn:…" answer is adopted only when it is (the URN may be a
   * deleted post or someone else's).
   */
  checkOwnPost(account: NetworkAccount, urn: string, commentary: string): Promise<OwnPostCheck>;
}

/** LinkedIn's public URL of a post: the URN goes into the path as it is. */
export const postUrl = (urn: string): string => `https://www.linkedin.com/feed/update/${urn}/`;
