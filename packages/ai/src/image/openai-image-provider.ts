import got, { type Got } from 'got';
import { ProviderUnavailableError } from '../text-provider.js';
import { hookOf } from './content.js';
import { altTextOf } from './designs/design.js';
import { IMAGE_SIZES, type ImageProvider, type ImageRequest, type RenderedCandidate } from './image-provider.js';
import { fitImage } from './fit-image.js';

export interface OpenAiImageOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutSeconds: number;
  retries: number;
  /** Pictures asked for per request; each becomes a square and a landscape candidate. */
  count?: number;
  /**
   * Fetches a picture the provider answered with a URL. It never carries the API
   * key (the URL may name any host); the image worker passes the outbound-guarded
   * client, so a URL to a private address is refused too.
   */
  downloadClient?: Got;
}

/** A returned picture larger than this is refused (a 1024² PNG is ~2 MB). */
export const MAX_DOWNLOADED_PICTURE_BYTES = 20 * 1024 * 1024;

/** Reads a body up to `max` bytes, aborting the download past it. */
async function cappedBody(client: Got, url: string, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const stream = client.stream(url, { throwHttpErrors: true });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) {
      stream.destroy();
      throw new Error(`the picture at the returned URL is larger than ${max} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

interface ImagesResponse {
  data?: Array<{ b64_json?: string; url?: string }>;
}

/** The prompt: the post's hook as the subject, the scene as the art direction, and no text in the picture. */
export function imagePrompt(request: ImageRequest): string {
  const subject = hookOf(request) || request.idea || 'a professional topic';
  const scene = request.scene?.trim() ? ` Scene: ${request.scene.trim()}.` : '';
  return `An editorial illustration for a LinkedIn post about: "${subject}".${scene} Clean composition, no text, no letters, no logos.`;
}

/** Alt text of a generated illustration: its subject and art direction as asked for (decision 0022). */
export function pictureAltText(request: ImageRequest): string {
  const subject = hookOf(request) || request.idea || 'a professional topic';
  const scene = request.scene?.trim() ? ` (${request.scene.trim()})` : '';
  return altTextOf(`Illustration for a post about “${subject}”${scene}`);
}

/**
 * Any OpenAI-compatible Images endpoint (POST {base}/images/generations).
 * Pictures come back as base64 or as URLs; each is fitted to 1200×1200 and 1200×627.
 */
export class OpenAiImageProvider implements ImageProvider {
  readonly name = 'openai';
  private readonly http: Got;
  private readonly download: Got;

  constructor(private readonly options: OpenAiImageOptions) {
    this.download = options.downloadClient ?? got.extend({ timeout: { request: options.timeoutSeconds * 1000 }, retry: { limit: 0 } });
    this.http = got.extend({
      prefixUrl: options.baseUrl,
      timeout: { request: options.timeoutSeconds * 1000 },
      retry: { limit: options.retries, methods: ['POST', 'GET'], statusCodes: [408, 429, 500, 502, 503, 504] },
      headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
    });
  }

  async generate(request: ImageRequest): Promise<RenderedCandidate[]> {
    const pictures = await this.requestPictures(request);
    const candidates: RenderedCandidate[] = [];
    // The prompt asks for no text: the picture carries none (an overlay may add the hook), and what was asked for is the best description known.
    const altText = pictureAltText(request);
    for (const picture of pictures) {
      for (const size of IMAGE_SIZES) {
        candidates.push({ kind: 'image', design: 'openai', ...size, contentType: 'image/png', extension: 'png', data: await fitImage(picture, size), altText });
      }
    }
    return candidates;
  }

  private async requestPictures(request: ImageRequest): Promise<Buffer[]> {
    let body: ImagesResponse;
    try {
      body = await this.http
        .post('images/generations', { json: { model: this.options.model, prompt: imagePrompt(request), n: this.options.count ?? 2, size: '1024x1024' } })
        .json<ImagesResponse>();
    } catch (error) {
      throw new ProviderUnavailableError(`image provider failed: ${(error as Error).message}`, 30, { cause: error });
    }
    const entries = body.data ?? [];
    if (entries.length === 0) throw new ProviderUnavailableError('image provider returned no images');
    return Promise.all(
      entries.map(async (entry) => {
        if (entry.b64_json) return Buffer.from(entry.b64_json, 'base64');
        if (!entry.url) throw new ProviderUnavailableError('image provider returned an entry with neither b64_json nor url');
        try {
          return await cappedBody(this.download, entry.url, MAX_DOWNLOADED_PICTURE_BYTES);
        } catch (error) {
          throw new ProviderUnavailableError(`could not download the returned picture: ${(error as Error).message}`, 30, { cause: error });
        }
      }),
    );
  }
}
