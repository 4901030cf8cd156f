import type { ImageProvider } from '@lps/ai';
import { BuiltinImageProvider, OpenAiImageProvider } from '@lps/ai/image';
import type { Config } from '@lps/config';
import { createGuardedClient } from '@lps/outbound';

/** LPS_AI_PROVIDER picks the image provider too: builtin (offline) or an OpenAI-compatible Images endpoint. */
export function createImageProvider(config: Config): ImageProvider {
  if (config.ai.provider === 'openai') {
    const { openai } = config.ai;
    return new OpenAiImageProvider({
      baseUrl: openai.baseUrl,
      apiKey: openai.apiKey,
      model: openai.imageModel,
      timeoutSeconds: openai.timeoutSeconds,
      retries: openai.retries,
      // The returned URL may name any host: no API key, the outbound guard, no retries of its own.
      downloadClient: createGuardedClient({ allowPrivate: config.security.allowPrivateUrls, timeoutMs: openai.timeoutSeconds * 1000, maxRedirects: 3 }),
    });
  }
  return new BuiltinImageProvider();
}
