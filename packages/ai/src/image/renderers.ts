// `@lps/ai/image`: everything that rasterises (sharp, fontkit, pdf-lib). Kept
// out of the package root because loading it costs tens of MB of RSS.
export * from './index.js';
export { BuiltinImageProvider } from './builtin-image-provider.js';
export { OpenAiImageProvider, imagePrompt, type OpenAiImageOptions } from './openai-image-provider.js';
export { renderOverlay, type OverlayResult } from './overlay.js';
export { fitImage, fitImageFile, imageSizeOf } from './fit-image.js';
export { DESIGNS } from './designs/index.js';
