export { startImageService, type ImageServiceOptions } from './service.js';
export { createImageProvider } from './image-provider-choice.js';
