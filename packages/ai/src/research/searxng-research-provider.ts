import got, { type Got } from 'got';
import Joi from 'joi';
import { ResearchUnavailableError, type ResearchNote, type ResearchProvider, type ResearchQuery } from '../research-provider.js';
import { shorten } from '../builtin/text-tools.js';

export interface SearxngOptions {
  /** Base URL of the SearxNG instance (LPS_SEARCH_URL), e.g. http://127.0.0.1:8888 */
  url: string;
  timeoutSeconds: number;
  retries?: number;
}

interface SearxngAnswer {
  results: { title: string; url?: string | null; content?: string | null }[];
}

/** The part of SearxNG's `format=json` answer we read; anything else in it is ignored. */
const answerSchema = Joi.object<SearxngAnswer>({
  results: Joi.array()
    .items(Joi.object({ title: Joi.string().allow('').default(''), url: Joi.string().allow('', null), content: Joi.string().allow('', null) }).unknown(true))
    .required(),
}).unknown(true);

const stripTags = (text: string): string =>
  text
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Web research through a SearxNG-compatible JSON API (self-hostable, no key):
 * GET <url>/search?q=…&format=json → {results: [{title, url, content}]}.
 * The URL is the operator's own setting, so private addresses are allowed.
 */
export class SearxngResearchProvider implements ResearchProvider {
  readonly name = 'searxng';
  private readonly client: Got;

  constructor(private readonly options: SearxngOptions) {
    this.client = got.extend({
      prefixUrl: options.url.replace(/\/+$/, ''),
      timeout: { request: options.timeoutSeconds * 1000 },
      retry: { limit: options.retries ?? 1, methods: ['GET'], statusCodes: [429, 500, 502, 503, 504] },
      headers: { accept: 'application/json', 'user-agent': 'lps-research/1.0' },
    });
  }

  async gather({ query, limit, signal }: ResearchQuery): Promise<ResearchNote[]> {
    let answer: unknown;
    try {
      answer = await this.client.get('search', { searchParams: { q: query, format: 'json' }, signal }).json();
    } catch (error) {
      throw new ResearchUnavailableError(`search at ${this.options.url} failed: ${(error as Error).message}`, { cause: error });
    }
    const checked = answerSchema.validate(answer);
    if (checked.error) throw new ResearchUnavailableError(`search answered an unexpected shape: ${checked.error.message}`);
    return checked.value.results
      .map((result) => ({
        title: shorten(stripTags(result.title), 200),
        snippet: shorten(stripTags(result.content ?? ''), 500),
        url: result.url && /^https?:\/\//i.test(result.url) ? result.url : null,
      }))
      .filter((note) => note.title || note.snippet)
      .slice(0, limit);
  }
}
