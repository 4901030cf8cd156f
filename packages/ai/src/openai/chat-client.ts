import got, { HTTPError, type Got } from 'got';
import type Joi from 'joi';
import { ProviderUnavailableError } from '../text-provider.js';
import type { ChatPrompt } from '../prompts/prompt-files.js';

export interface ChatClientOptions {
  /** OPENAI_BASE_URL: …/v1 for OpenAI, Ollama, vLLM, LM Studio; an Azure deployment URL may carry ?api-version=… */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutSeconds: number;
  retries: number;
  /** First retry delay; doubles each retry (a Retry-After from the server wins). */
  backoffBaseMs?: number;
  logger?: { warn(message: string, meta?: Record<string, unknown>): void };
}

/** Seconds the API tells its callers to wait when the provider is down and gave no hint of its own. */
const DEFAULT_RETRY_AFTER_SECONDS = 30;

/** `<base>/chat/completions`, keeping a query string (Azure's api-version) where it belongs. */
export function chatCompletionsUrl(baseUrl: string): URL {
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/chat/completions`;
  return url;
}

function headersFor(options: ChatClientOptions, url: URL): Record<string, string> {
  if (!options.apiKey) return {};
  // Azure OpenAI authenticates with `api-key`; everything else with a bearer token.
  return url.searchParams.has('api-version') ? { 'api-key': options.apiKey } : { authorization: `Bearer ${options.apiKey}` };
}

const retryAfterOf = (error: unknown): number => {
  if (!(error instanceof HTTPError)) return DEFAULT_RETRY_AFTER_SECONDS;
  const seconds = Number(error.response.headers['retry-after']);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : DEFAULT_RETRY_AFTER_SECONDS;
};

/**
 * One JSON-mode Chat Completions call: time-out per attempt, retries on 429/5xx
 * and network errors with exponential backoff, then the answer's `content` is
 * parsed and validated. A malformed answer gets one more try (models are not
 * deterministic); after that, or when retries run out, ProviderUnavailableError.
 */
export class ChatClient {
  private readonly client: Got;
  private readonly url: URL;

  constructor(private readonly options: ChatClientOptions) {
    this.url = chatCompletionsUrl(options.baseUrl);
    const base = options.backoffBaseMs ?? 1000;
    this.client = got.extend({
      timeout: { request: options.timeoutSeconds * 1000 },
      headers: { 'user-agent': 'lps/1.0', ...headersFor(options, this.url) },
      retry: {
        limit: options.retries,
        methods: ['POST'],
        statusCodes: [408, 429, 500, 502, 503, 504],
        maxRetryAfter: 30_000,
        // got computes 0 when the rules say "do not retry", and the Retry-After delay when one was sent.
        calculateDelay: ({ attemptCount, retryAfter, computedValue }) =>
          computedValue === 0 ? 0 : retryAfter ? computedValue : Math.min(base * 2 ** (attemptCount - 1), 15_000) + Math.random() * 100,
      },
      hooks: {
        beforeRetry: [
          (error, retryCount) => options.logger?.warn('AI provider call failed, retrying', { attempt: retryCount, error: error.message, status: error.response?.statusCode }),
        ],
      },
    });
  }

  async completeJson<T>(prompt: ChatPrompt, schema: Joi.Schema<T>, seed?: number): Promise<T> {
    let lastProblem = '';
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const content = await this.send(prompt, seed);
      const parsed = parseJson(content);
      if (parsed === undefined) {
        lastProblem = 'the answer was not valid JSON';
      } else {
        const checked: Joi.ValidationResult<T> = schema.validate(parsed, { stripUnknown: true, convert: true });
        if (!checked.error) return checked.value;
        lastProblem = `the answer did not match the expected shape: ${checked.error.message}`;
      }
      this.options.logger?.warn('AI provider answered malformed output', { prompt: prompt.id, problem: lastProblem });
    }
    throw new ProviderUnavailableError(`the AI provider answered malformed output twice (${lastProblem})`, DEFAULT_RETRY_AFTER_SECONDS);
  }

  private async send(prompt: ChatPrompt, seed?: number): Promise<string> {
    const request = {
      model: this.options.model,
      messages: [
        { role: 'system', content: prompt.system },
        { role: 'user', content: prompt.user },
      ],
      response_format: { type: 'json_object' },
      temperature: 0.8,
      ...(seed === undefined ? {} : { seed }),
    };
    let raw: string;
    try {
      raw = await this.client.post(this.url, { json: request }).text();
    } catch (error) {
      const detail = error instanceof HTTPError ? `HTTP ${error.response.statusCode}` : (error as Error).message;
      throw new ProviderUnavailableError(`the AI provider failed: ${detail}`, retryAfterOf(error), { cause: error });
    }
    // A body that is not JSON at all is malformed output like any other: the caller tries once more.
    const answer = parseJson(raw);
    const content = (answer as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message?.content;
    return typeof content === 'string' ? content : '';
  }
}

function parseJson(content: string): unknown {
  // Some local models wrap JSON in a Markdown fence despite JSON mode.
  const text = content.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/i, '$1');
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
