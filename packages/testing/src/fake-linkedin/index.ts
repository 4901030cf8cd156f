export { startFakeLinkedIn, type FakeLinkedIn } from './fake-linkedin.js';
export { FakeLinkedInState, type FakeAccount, type FakePost, type FakeOperation, type ScriptedFailure, type MetricCounts } from './fake-state.js';
