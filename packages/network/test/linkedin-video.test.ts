import { randomBytes } from 'node:crypto';
import { loadConfig } from '@lps/config';
import { LinkedInNetwork, NetworkError, type NetworkAccount, type VideoSource } from '@lps/network';
import { startFakeLinkedIn, waitFor, type FakeLinkedIn } from '@lps/testing';

// The Videos API as LinkedIn's page describes it, against the fake (fake-linkedin/video-handlers.ts):
// initializeUpload with fileSizeBytes → upload instructions (byte ranges) → one PUT per instruction,
// each answered with an ETag → finalizeUpload with the ETags → PROCESSING → AVAILABLE (or PROCESSING_FAILED).
let fake: FakeLinkedIn;
let network: LinkedInNetwork;
let account: NetworkAccount;

beforeAll(async () => {
  fake = await startFakeLinkedIn();
  // Long enough that the first look, right after finalizing, sees PROCESSING even on a loaded machine.
  fake.state.videoProcessingMs = 3_000;
  // LinkedIn's parts are 4 MB; smaller parts keep the test's files small and still make several of them.
  fake.state.videoPartBytes = 64 * 1024;
  fake.state.videoProcessingMs = 100;
  network = new LinkedInNetwork(loadConfig({ ...fake.env, LINKEDIN_TIMEOUT: '5s' }).network.linkedin);
});
afterAll(async () => fake.close());
beforeEach(() => {
  const created = fake.state.addAccount();
  account = { memberId: 'm', personUrn: created.personUrn, accessToken: created.accessToken };
});

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as NetworkError,
  );

/** A video read a range at a time, recording which ranges were asked for (never the whole file at once). */
function sourceOf(bytes: Buffer): VideoSource & { reads: Array<[number, number]> } {
  const reads: Array<[number, number]> = [];
  return {
    sizeBytes: bytes.length,
    reads,
    async readRange(first, last) {
      reads.push([first, last]);
      return bytes.subarray(first, last + 1);
    },
  };
}

const requestsTo = (path: RegExp, since: number) => fake.state.requests.slice(since).filter((request) => path.test(request.path));

describe('uploading a video', () => {
  it('initializes with the size, PUTs each part once in order, finalizes with the ETags, and the video becomes AVAILABLE', async () => {
    const bytes = randomBytes(3 * 64 * 1024 + 1_000);
    const source = sourceOf(bytes);
    const before = fake.state.requests.length;
    const urn = await network.uploadVideo(account, source);
    expect(urn).toMatch(/^urn:li:video:/);
    expect(source.reads).toEqual([
      [0, 65_535],
      [65_536, 131_071],
      [131_072, 196_607],
      [196_608, bytes.length - 1],
    ]);
    const parts = requestsTo(/^\/dms-uploads\/video\//, before);
    expect(parts.map((request) => [request.method, request.host])).toEqual(Array(4).fill(['PUT', 'upload']));
    // The parts went to the upload host without LinkedIn-Version or Rest.li headers (they are not /rest calls),
    // and without the bearer token: the upload URL is signed, and LinkedIn's sample PUTs it with the content type alone.
    expect(parts.every((request) => request.headers['linkedin-version'] === undefined && request.headers.authorization === undefined)).toBe(true);
    expect(parts.every((request) => request.headers['content-type'] === 'application/octet-stream')).toBe(true);
    const asset = fake.state.assets.get(urn);
    expect(asset?.video?.finalized).toBe(true);
    expect(await network.videoStatus(account, urn)).toBe('PROCESSING');
    await waitFor(async () => (await network.videoStatus(account, urn)) === 'AVAILABLE' || undefined, { what: 'video available' });
  });

  it('a post names the video once AVAILABLE, with its title; while PROCESSING the create is repeated in place', async () => {
    const urn = await network.uploadVideo(account, sourceOf(randomBytes(70_000)));
    const published = await network.publishPost(account, { commentary: 'a clip', reference: 'v', media: { kind: 'video', urn, title: 'Short clip' } });
    expect(published.urn).toMatch(/^urn:li:ugcPost:/);
    expect(fake.state.posts.find((post) => post.urn === published.urn)?.content).toEqual({ media: { id: urn, title: 'Short clip' } });
  });

  it('a part upload that fails once (500) is sent again to the same URL, and the upload finalizes with its ETag', async () => {
    fake.state.failNext('upload', { status: 500, body: { status: 500, message: 'upload failed' } });
    const before = fake.state.requests.length;
    const urn = await network.uploadVideo(account, sourceOf(randomBytes(150_000)));
    const parts = requestsTo(/^\/dms-uploads\/video\//, before).map((request) => request.path);
    expect(parts).toHaveLength(4);
    expect(parts[0]).toBe(parts[1]);
    expect(fake.state.assets.get(urn)?.video?.finalized).toBe(true);
  });

  it('a part that keeps failing (500 three times) fails the upload as retryable, and nothing is finalized', async () => {
    for (let time = 0; time < 3; time += 1) fake.state.failNext('upload', { status: 500, body: { status: 500, message: 'upload failed' } });
    const before = fake.state.requests.length;
    const error = await failureOf(network.uploadVideo(account, sourceOf(randomBytes(150_000))));
    expect([error.kind, error.status]).toEqual(['retryable', 500]);
    expect(error.message).toMatch(/video part of bytes 0-65535/);
    expect(requestsTo(/^\/rest\/videos\?action=finalizeUpload$/, before)).toHaveLength(0);
  });

  it('a part whose connection is cut every time is retryable; nothing is finalized', async () => {
    for (let time = 0; time < 3; time += 1) fake.state.failNext('upload', { reset: true });
    const before = fake.state.requests.length;
    const error = await failureOf(network.uploadVideo(account, sourceOf(randomBytes(100_000))));
    expect(error.kind).toBe('retryable');
    expect(requestsTo(/^\/rest\/videos\?action=finalizeUpload$/, before)).toHaveLength(0);
  });

  it('a part refused (400) is not sent again: the upload fails for good', async () => {
    fake.state.failNext('upload', { status: 400, body: { status: 400, message: 'bad part' } });
    const before = fake.state.requests.length;
    const error = await failureOf(network.uploadVideo(account, sourceOf(randomBytes(100_000))));
    expect([error.kind, error.status]).toEqual(['permanent', 400]);
    expect(requestsTo(/^\/dms-uploads\/video\//, before)).toHaveLength(1);
  });

  it('a video that ends PROCESSING_FAILED says so, and a post naming it is refused for good with nothing created', async () => {
    fake.state.failNextVideoProcessing = true;
    const urn = await network.uploadVideo(account, sourceOf(randomBytes(10_000)));
    await waitFor(async () => (await network.videoStatus(account, urn)) === 'PROCESSING_FAILED' || undefined, { what: 'video failed' });
    const error = await failureOf(network.publishPost(account, { commentary: 'broken clip', reference: 'vf', media: { kind: 'video', urn } }));
    expect([error.kind, error.code]).toEqual(['permanent', 'MEDIA_ASSET_PROCESSING_FAILED']);
    expect(fake.state.livePosts(account.personUrn).filter((post) => post.text === 'broken clip')).toHaveLength(0);
  });

  it('the fake refuses what the Videos API refuses: over 500 MB, a finalize with a wrong or missing ETag', async () => {
    const tooBig = await failureOf(network.uploadVideo(account, { sizeBytes: 500 * 1024 * 1024 + 1, readRange: async () => Buffer.alloc(0) }));
    expect([tooBig.kind, tooBig.status]).toEqual(['permanent', 400]);
    const headers = { authorization: `Bearer ${account.accessToken}`, 'linkedin-version': '202601', 'x-restli-protocol-version': '2.0.0', 'content-type': 'application/json' };
    const init = (await (
      await fetch(`${fake.url}/rest/videos?action=initializeUpload`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ initializeUploadRequest: { owner: account.personUrn, fileSizeBytes: 100_000 } }),
      })
    ).json()) as {
      value: { video: string; uploadToken: string; uploadInstructions: Array<{ uploadUrl: string; firstByte: number; lastByte: number }> };
    };
    const [first] = init.value.uploadInstructions;
    const put = await fetch(first!.uploadUrl, { method: 'PUT', body: randomBytes(first!.lastByte - first!.firstByte + 1) });
    expect(put.headers.get('etag')).toBeTruthy();
    const finalize = (ids: string[]) =>
      fetch(`${fake.url}/rest/videos?action=finalizeUpload`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ finalizeUploadRequest: { video: init.value.video, uploadToken: init.value.uploadToken, uploadedPartIds: ids } }),
      });
    expect((await finalize([put.headers.get('etag') as string])).status).toBe(400); // the second part was never uploaded
    expect((await finalize(['wrong', 'etag'])).status).toBe(400);
    const wrongLength = await fetch(init.value.uploadInstructions[1]!.uploadUrl, { method: 'PUT', body: randomBytes(10) });
    expect(wrongLength.status).toBe(400);
  });

  it('another member cannot see the video (404)', async () => {
    const urn = await network.uploadVideo(account, sourceOf(randomBytes(5_000)));
    const other = fake.state.addAccount();
    const error = await failureOf(network.videoStatus({ memberId: 'o', personUrn: other.personUrn, accessToken: other.accessToken }, urn));
    expect([error.kind, error.status]).toEqual(['permanent', 404]);
  });
});
