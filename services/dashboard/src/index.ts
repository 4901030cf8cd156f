export { createDashboard, DEFAULT_WEB_ROOT, type Dashboard, type DashboardOptions } from './server/create-dashboard.js';
export { type EventHub, type HubStats } from './server/events/event-hub.js';
export { STREAM_EVENT_TYPES } from './domain/events/stream-events.js';
export { startDashboardService } from './service.js';
export { APP_ROUTES, matchAppRoute, type AppRoute } from './shared/app-routes.js';
export { SESSION_COOKIE, PRE_SESSION_COOKIE } from './server/cookies.js';
export { CONTENT_SECURITY_POLICY } from './server/security-headers.js';
