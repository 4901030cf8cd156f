import { loadConfig } from '@lps/config';
import type { Post } from '@lps/db';
import type { Logger } from '@lps/logger';
import type { MediaStatus, Network, NetworkAccount } from '@lps/network';
import { isPostponed, type QueueJob } from '@lps/queue';
import type { FileStorage } from '@lps/storage';
import { postRow, refusalOf } from '@lps/testing';
import { lookAgainLater } from './look-again-later.js';
import type { Claim } from './publication-records.js';
import { PermanentPublishError } from './publish-errors.js';
import { publishableVideo, type VideoNeeds } from './video-media.js';

// A publication that waits (a video LinkedIn is still processing) with its repository functions
// in memory: the job is parked, not failed, and the attempt its claim counted is given back, so
// the run after the wait is no recovery (decision 0005 step 2). The journeys are linkedin-video
// and sandbox-video.

const config = loadConfig({ NODE_ENV: 'test', LPS_VIDEO_PROCESSING_WAIT: '10m' });
const account: NetworkAccount = { memberId: 'member-1', personUrn: 'urn:li:person:abc123', accessToken: 'token' };
const VIDEO_URN = 'urn:li:video:C5';
const CLAIMED_AT = new Date();

const claimOf = (fields: Partial<Post>): Claim => ({
  reference: 'lps-post-1',
  recovering: false,
  version: '101',
  post: postRow({ id: 'post-1', memberId: 'member-1', format: 'video', imageUrl: 'https://lps.example/files/v.mp4', publishMediaUrn: VIDEO_URN, ...fields }),
});

function world(status: MediaStatus) {
  const givenBack: Array<[string, Date]> = [];
  const delays: number[] = [];
  const uploads: string[] = [];
  const job = { token: 'lock-1', moveToDelayed: async (at: number) => void delays.push(at) } as unknown as QueueJob;
  const deps: VideoNeeds = {
    repos: {
      giveBackUnsentAttempt: async (postId, claimedAt) => (givenBack.push([postId, claimedAt]), true),
      recordPublishMedia: async (_postId, _version, urn) => (uploads.push(urn), '102'),
    },
    network: { mode: 'linkedin', videoStatus: async () => status } as unknown as Network,
    storage: {} as FileStorage,
    config,
    log: { info: () => undefined } as unknown as Logger,
  };
  return { deps, job, givenBack, delays, uploads };
}

const rejection = refusalOf;

describe('a publication waiting for its video, with its repositories in memory', () => {
  it('parks the job while LinkedIn processes the video and gives back the attempt its claim counted; the upload is not repeated', async () => {
    const { deps, job, givenBack, delays, uploads } = world('PROCESSING');
    const requestedAt = new Date(Date.now() - 20_000);
    const started = Date.now();
    const ended = await rejection(publishableVideo(deps, account, claimOf({ publishRequestedAt: requestedAt, publishClaimedAt: CLAIMED_AT }), job));
    expect(isPostponed(ended)).toBe(true);
    expect(givenBack).toEqual([['post-1', CLAIMED_AT]]);
    // A tenth of the time waited so far (about 2 s), at least a second.
    expect(delays).toHaveLength(1);
    expect(delays[0]! - started).toBeGreaterThanOrEqual(1_900);
    expect(delays[0]! - started).toBeLessThan(3_000);
    expect(uploads).toEqual([]);
  });

  it('fails for good, giving nothing back and parking nothing, once LPS_VIDEO_PROCESSING_WAIT has passed since the request', async () => {
    const { deps, job, givenBack, delays } = world('PROCESSING');
    const claim = claimOf({ publishRequestedAt: new Date(Date.now() - 11 * 60_000), publishClaimedAt: CLAIMED_AT });
    const ended = await rejection(publishableVideo(deps, account, claim, job));
    expect(ended).toBeInstanceOf(PermanentPublishError);
    expect([givenBack, delays]).toEqual([[], []]);
  });

  it('goes on with the video once AVAILABLE: nothing parked, nothing given back', async () => {
    const { deps, job, givenBack, delays } = world('AVAILABLE');
    expect(await publishableVideo(deps, account, claimOf({ publishRequestedAt: new Date(), publishClaimedAt: CLAIMED_AT }), job)).toEqual({ kind: 'video', urn: VIDEO_URN });
    expect([givenBack, delays]).toEqual([[], []]);
  });

  it('gives back no attempt for a claim that counted none (no claim time), and still parks the job until the given time', async () => {
    const { deps, job, givenBack, delays } = world('PROCESSING');
    const at = Date.now() + 1_000;
    expect(isPostponed(await rejection(lookAgainLater(deps, claimOf({ publishClaimedAt: null }), job, at)))).toBe(true);
    expect([givenBack, delays]).toEqual([[], [at]]);
  });
});
