import got, { type Got } from 'got';
import { ProviderUnavailableError } from '../text-provider.js';
import { hookOf } from './content.js';
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

/**
 * Any OpenAI-compatible Images endpoint (POST {base}/images/generations).
 * Pictures come back as base64 or as URLs; each is fitted to 1200×1200 and 1200×627.
 */
export class OpenAiImageProvider implements ImageProvider {
  readonly name = 'openai';
  private readonly http: Got;

  constructor(private readonly options: OpenAiImageOptions) {
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
    for (const picture of pictures) {
      for (const size of IMAGE_SIZES) {
        candidates.push({ kind: 'image', design: 'openai', ...size, contentType: 'image/png', extension: 'png', data: await fitImage(picture, size) });
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
        if (entry.url) return this.http.get(entry.url, { prefixUrl: '' }).buffer();
        throw new ProviderUnavailableError('image provider returned an entry with neither b64_json nor url');
      }),
    );
  }
}
