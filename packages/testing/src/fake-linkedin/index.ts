export { startFakeLinkedIn, type FakeLinkedIn } from './fake-linkedin.js';
export {
  ANALYTICS_APP,
  FakeLinkedInState,
  SHARE_APP,
  mediaStatusOf,
  type FakeAccount,
  type FakeApp,
  type FakeAsset,
  type FakeMediaStatus,
  type FakePost,
  type FakeOperation,
  type ScriptedFailure,
  type MetricCounts,
} from './fake-state.js';
export { ALT_TEXT_MAX, MULTI_IMAGE_MAX, MULTI_IMAGE_MIN, POLL_OPTION_MAX, POLL_QUESTION_MAX } from './post-content.js';
export { IMAGE_PIXEL_LIMIT } from './image-pixels.js';
export { VIDEO_MAX_BYTES } from './video-handlers.js';
export { type IdTokenFault } from './fake-state.js';
