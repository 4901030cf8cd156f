export { startResearchService, type ResearchServiceOptions } from './service.js';
export { researchContext } from './composition.js';
export { researchKeyword } from './domain/research-keyword.js';
export type { ResearchContext } from './domain/research-context.js';
