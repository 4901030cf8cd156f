import { aiSection } from './ai.js';
import { coreSection } from './core.js';
import { dashboardSection } from './dashboard.js';
import { imagesSection } from './images.js';
import { networkSection } from './network.js';
import { opsSection } from './ops.js';
import { rateLimitSection } from './rate-limits.js';
import { redisSection } from './redis.js';
import { securitySection } from './security.js';
import { storageSection } from './storage.js';
import { webhookSection } from './webhook-delivery.js';

/** Every section of the configuration; a new area adds one file and one line here. */
export const sections = {
  core: coreSection,
  redis: redisSection,
  security: securitySection,
  rateLimits: rateLimitSection,
  ai: aiSection,
  network: networkSection,
  webhooks: webhookSection,
  storage: storageSection,
  images: imagesSection,
  ops: opsSection,
  dashboard: dashboardSection,
};
