export { startFakeLinkedIn, type FakeLinkedIn } from './fake-linkedin.js';
export { ANALYTICS_APP, FakeLinkedInState, SHARE_APP, type FakeAccount, type FakeApp, type FakePost, type FakeOperation, type ScriptedFailure, type MetricCounts } from './fake-state.js';
