export { startResearchService, type ResearchServiceOptions } from './service.js';
export { researchKeyword } from './domain/research-keyword.js';
export type { ResearchDeps } from './domain/research-deps.js';
