import Joi from 'joi';
import { defineSection } from './section.js';

export const opsSection = defineSection({
  variables: {
    LPS_HEALTH_PORT: Joi.number().integer().min(0).max(65535).default(9464),
    LPS_ADMIN_USER: Joi.string().default('admin'),
    LPS_ADMIN_PASSWORD: Joi.string().min(12).messages({ 'string.min': '{{#label}} must be at least 12 characters' }),
  },
  build: (env) => ({
    /** Port of a standalone worker's /health, /ready and /metrics (0 = any free port). */
    healthPort: env.LPS_HEALTH_PORT as number,
    /** The queue dashboard at /admin/queues is mounted only when a password is set. */
    admin: env.LPS_ADMIN_PASSWORD ? { user: env.LPS_ADMIN_USER as string, password: env.LPS_ADMIN_PASSWORD as string } : undefined,
  }),
});
