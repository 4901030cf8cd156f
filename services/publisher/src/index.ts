export { startPublisherService, type PublisherOptions } from './service.js';
