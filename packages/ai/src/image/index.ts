export * from './image-provider.js';
export { BuiltinImageProvider } from './builtin-image-provider.js';
export { OpenAiImageProvider, imagePrompt, type OpenAiImageOptions } from './openai-image-provider.js';
export { renderOverlay, fitImage, type OverlayResult } from './overlay.js';
export { hookOf, keyPointsOf } from './content.js';
export { DESIGNS } from './designs/index.js';
