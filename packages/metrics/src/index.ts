export { createMetrics, QUEUE_STATES, type Metrics, type CountableQueue } from './metrics.js';
