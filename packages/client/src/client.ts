import { PublishFailedError, TimeoutError } from './errors.js';
import type { OperationId } from './generated/operations.js';
import { allItems } from './pages.js';
import { Transport, type ClientOptions } from './transport.js';
import type { CallInput, Post, QueryParams, RequestBody, ResponseBody } from './types.js';
import { uploadForm, type UploadOptions, type UploadSource } from './uploads.js';

export interface WaitOptions {
  /** `published` (default): until the post is published, throwing PublishFailedError if it fails; `images`: until image generation ended. */
  until?: 'published' | 'images';
  /** Default 120 000 ms; then TimeoutError. */
  timeoutMs?: number;
  /** Between two reads of the post (default 1 000 ms). */
  intervalMs?: number;
  signal?: AbortSignal;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The lps API. `call(operationId, input)` reaches every operation, typed from the OpenAPI document
 * this package was generated from; the resource methods below are the same calls by name.
 */
export class LpsClient {
  private readonly transport: Transport;

  constructor(options: ClientOptions) {
    this.transport = new Transport(options);
  }

  /** Any operation by its operationId (`getPostsId`, `postPostsIdSchedule`, …): path, query and body as the document types them. */
  call<K extends OperationId>(operation: K, input: CallInput<K> = {} as CallInput<K>): Promise<ResponseBody<K>> {
    const { path, query, body, idempotencyKey, signal } = input as {
      path?: Record<string, string>;
      query?: Record<string, unknown>;
      body?: unknown;
      idempotencyKey?: string;
      signal?: AbortSignal;
    };
    return this.transport.send<ResponseBody<K>>({ operation, path, query, body, idempotencyKey, signal });
  }

  me = () => this.call('getMe');
  analytics = () => this.call('getAnalytics');
  templates = () => this.call('getTemplates');

  readonly posts = {
    list: (query: QueryParams<'getPosts'> = {}) => this.call('getPosts', { query }),
    /** Every post (newest first), page after page as the loop asks: `for await (const post of lps.posts.iterate())`. */
    iterate: (query: Omit<QueryParams<'getPosts'>, 'cursor'> = {}): AsyncGenerator<Post, void, undefined> =>
      allItems((cursor) => this.call('getPosts', { query: { ...query, ...(cursor ? { cursor } : {}) } })),
    create: (body: RequestBody<'postPosts'>, options: { idempotencyKey?: string } = {}) => this.call('postPosts', { body, ...options }),
    get: (id: string) => this.call('getPostsId', { path: { id } }),
    update: (id: string, body: RequestBody<'patchPostsId'>) => this.call('patchPostsId', { path: { id }, body }),
    delete: (id: string) => this.call('deletePostsId', { path: { id } }),
    regenerate: (id: string, body: RequestBody<'postPostsIdRegenerate'> = {}) => this.call('postPostsIdRegenerate', { path: { id }, body }),
    generateImages: (id: string, body: RequestBody<'postPostsIdImages'> = {}) => this.call('postPostsIdImages', { path: { id }, body }),
    /** Attaches an image or PDF: bytes, a stream or a file path (multipart), or `{ image_url }` for the service to fetch. */
    upload: async (id: string, source: UploadSource | { image_url: string }, options: UploadOptions = {}) => {
      const body = typeof source === 'object' && source !== null && 'image_url' in source ? source : await uploadForm(source, options);
      return this.call('postPostsIdImagesUpload', { path: { id }, body: body as RequestBody<'postPostsIdImagesUpload'> });
    },
    selectImage: (id: string, body: RequestBody<'postPostsIdSelectImage'>) => this.call('postPostsIdSelectImage', { path: { id }, body }),
    schedule: (id: string, scheduledAt: string | Date) =>
      this.call('postPostsIdSchedule', { path: { id }, body: { scheduled_at: scheduledAt instanceof Date ? scheduledAt.toISOString() : scheduledAt } }),
    publish: (id: string) => this.call('postPostsIdPublish', { path: { id } }),
    analytics: (id: string) => this.call('getPostsIdAnalytics', { path: { id } }),
  };

  readonly ideas = {
    list: (query: QueryParams<'getIdeas'> = {}) => this.call('getIdeas', { query }),
    generate: () => this.call('postIdeasGenerate'),
    research: (keyword: string) => this.call('postIdeasResearch', { body: { keyword } }),
    update: (id: string, body: RequestBody<'patchIdeasId'>) => this.call('patchIdeasId', { path: { id }, body }),
    createPost: (id: string) => this.call('postIdeasIdCreatePost', { path: { id } }),
    dismiss: (id: string) => this.call('postIdeasIdDismiss', { path: { id } }),
    restore: (id: string) => this.call('postIdeasIdRestore', { path: { id } }),
  };

  readonly webhooks = {
    list: () => this.call('getWebhooks'),
    create: (body: RequestBody<'postWebhooks'>) => this.call('postWebhooks', { body }),
    get: (id: string) => this.call('getWebhooksId', { path: { id } }),
    delete: (id: string) => this.call('deleteWebhooksId', { path: { id } }),
    deliveries: (id: string) => this.call('getWebhooksIdDeliveries', { path: { id } }),
  };

  /** The member's own LinkedIn connection (docs/building-on-lps.md). */
  readonly connection = {
    get: () => this.call('getMeConnection'),
    /** Authorize links that come back to `returnTo` (on the operator's LPS_CONNECT_RETURN_URLS). */
    links: (returnTo: string) => this.call('postMeConnectionLinks', { body: { return_to: returnTo } }),
    disconnect: () => this.call('deleteMeConnection'),
  };

  /**
   * Reads the post until its publication ended: the published post, or PublishFailedError (its
   * `last_error`, set by a failed publication, says why). `until: 'images'` waits for image candidates.
   */
  async waitForPost(id: string, options: WaitOptions = {}): Promise<Post> {
    const deadline = Date.now() + (options.timeoutMs ?? 120_000);
    for (;;) {
      const { post } = await this.call('getPostsId', { path: { id }, ...(options.signal ? { signal: options.signal } : {}) });
      if (options.until === 'images') {
        if (post.status !== 'generating_images') return post;
      } else {
        if (post.status === 'published') return post;
        if (post.last_error) throw new PublishFailedError(post);
      }
      if (Date.now() >= deadline) throw new TimeoutError({ code: 'timeout', message: `post ${id} is still ${post.status} after ${options.timeoutMs ?? 120_000} ms` });
      await sleep(options.intervalMs ?? 1_000);
    }
  }
}
