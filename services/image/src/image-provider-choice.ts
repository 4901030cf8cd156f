import type { ImageProvider } from '@lps/ai';
import { BuiltinImageProvider, OpenAiImageProvider } from '@lps/ai/image';
import type { Config } from '@lps/config';

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
    });
  }
  return new BuiltinImageProvider();
}
