export { startResearchService, type ResearchServiceOptions } from './service.js';
export { researchKeyword } from './research-keyword.js';
export type { ResearchDeps } from './research-deps.js';
