import { BuiltinTextProvider } from './builtin/builtin-text-provider.js';
import { OpenAiTextProvider } from './openai/openai-text-provider.js';
import type { ResearchProvider } from './research-provider.js';
import { BuiltinResearchProvider } from './research/builtin-research-provider.js';
import { SearxngResearchProvider } from './research/searxng-research-provider.js';
import type { TextProvider } from './text-provider.js';

/** The AI part of the configuration (Config['ai'] fits it), so this package needs no dependency on @lps/config. */
export interface AiSettings {
  provider: 'builtin' | 'openai';
  openai: { baseUrl: string; apiKey?: string; textModel: string; timeoutSeconds: number; retries: number };
  research: { provider: 'builtin' | 'searxng'; searchUrl?: string; timeoutSeconds: number };
}

export interface ProviderOptions {
  logger?: { warn(message: string, meta?: Record<string, unknown>): void };
  /** First retry delay of the OpenAI client (tests shorten it). */
  backoffBaseMs?: number;
}

/** LPS_AI_PROVIDER: `builtin` (offline, default) or `openai` (any OpenAI-compatible endpoint). */
export function createTextProvider(settings: Pick<AiSettings, 'provider' | 'openai'>, options: ProviderOptions = {}): TextProvider {
  if (settings.provider === 'builtin') return new BuiltinTextProvider();
  const { baseUrl, apiKey, textModel, timeoutSeconds, retries } = settings.openai;
  return new OpenAiTextProvider({ baseUrl, apiKey, model: textModel, timeoutSeconds, retries, ...options });
}

/** LPS_RESEARCH_PROVIDER: `builtin` (offline) or `searxng` (LPS_SEARCH_URL). */
export function createResearchProvider(settings: Pick<AiSettings, 'research'>): ResearchProvider {
  const { provider, searchUrl, timeoutSeconds } = settings.research;
  if (provider === 'searxng') {
    if (!searchUrl) throw new Error('LPS_RESEARCH_PROVIDER=searxng needs LPS_SEARCH_URL');
    return new SearxngResearchProvider({ url: searchUrl, timeoutSeconds });
  }
  return new BuiltinResearchProvider();
}
