import { publishJobMayExist, type PublishHistory } from './place-job.js';

const fresh: PublishHistory = { status: 'approved', scheduledAt: null, publishRequestedAt: null, publishAttempts: 0 };

describe('publishJobMayExist', () => {
  it('is false only for a post never requested, scheduled nor attempted', () => {
    expect(publishJobMayExist(fresh)).toBe(false);
    expect(publishJobMayExist({ ...fresh, status: 'draft_saved' })).toBe(false);
  });

  it.each([
    ['scheduled (a delayed job)', { status: 'scheduled', scheduledAt: new Date() }],
    ['a schedule time left on the row', { scheduledAt: new Date() }],
    ['a publication in flight', { publishRequestedAt: new Date() }],
    ['an earlier attempt (a failed job is kept)', { publishAttempts: 1 }],
  ])('is true for %s', (_case, change) => {
    expect(publishJobMayExist({ ...fresh, ...change })).toBe(true);
  });
});
