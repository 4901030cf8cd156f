export { startImageService, type ImageServiceOptions } from './service.js';
export { createImageProvider } from './image-provider-choice.js';
export { MAX_CANDIDATES_PER_POST } from './candidates.js';
