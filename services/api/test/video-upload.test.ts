import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestMember, createTestPost, mp4Box, mp4File, mp4Parts, startLoopbackServer, type LoopbackServer, type Mp4Options, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';
import { filesUnder } from './support/image-fixtures.js';

// Video uploads (decision 0021): the API streams the MP4 to storage (ftyp checked, size counted against
// LPS_VIDEO_MAX_BYTES), the image service reads its container by ranges and checks LinkedIn's limits.
// Every MP4 here is written box by box by @lps/testing's mp4File: nothing is downloaded.
const VIDEO_MAX_BYTES = 400 * 1024;
let api: TestApi;
let member: TestMember;
let dataDir: string;
let remote: LoopbackServer;

const served: Record<string, Buffer> = {};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lps-video-'));
  remote = await startLoopbackServer(async (req, res) => {
    const body = served[req.url ?? ''];
    if (!body) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return void res.end('nope');
    }
    res.writeHead(200, { 'content-type': 'video/mp4' });
    res.end(body);
  });
  api = await startTestApi({ LPS_DATA_DIR: dataDir, LPS_ALLOW_PRIVATE_URLS: '1', LPS_VIDEO_MAX_BYTES: String(VIDEO_MAX_BYTES) }, undefined, { imageService: true });
  member = await createTestMember(api.runtime);
});
afterAll(async () => {
  await api.stop();
  await remote.close();
  await rm(dataDir, { recursive: true, force: true });
});

const newPost = async (overrides = {}) => createTestPost(api.runtime, member.memberId, overrides);
const upload = (postId: string, file: Buffer, who = member) =>
  api.http.post(`/posts/${postId}/images/upload`).set('Authorization', who.auth).attach('file', file, { filename: 'clip.mp4', contentType: 'video/mp4' });

/** A 422 whose message and field name the limit. */
async function refused(file: Buffer, pattern: RegExp) {
  const post = await newPost();
  const before = await filesUnder(dataDir);
  const response = await upload(post.id, file);
  expect(response.status).toBe(422);
  expect(response.body.error.code).toBe('unprocessable');
  expect(response.body.error.details.file).toMatch(pattern);
  // Nothing is kept of a refused video, and the post is unchanged.
  expect(await filesUnder(dataDir)).toEqual(before);
  const { body } = await api.http.get(`/posts/${post.id}`).set('Authorization', member.auth);
  expect([body.post.format, body.post.image_url]).toEqual(['text', null]);
}

describe('POST /posts/{id}/images/upload with an MP4', () => {
  it("stores the video as the post's one candidate; the post becomes a video post", async () => {
    const post = await newPost();
    const response = await upload(post.id, mp4File({ durationSeconds: 12.5, width: 1280, height: 720 }));
    expect(response.status).toBe(201);
    expect(response.body.candidates).toEqual([{ base_url: response.body.image_url, width: 1280, height: 720, kind: 'video', source: 'upload', duration_seconds: 12.5 }]);
    expect(response.body.image_url).toMatch(/\/upload-[0-9a-f-]+\.mp4$/);
    const { body } = await api.http.get(`/posts/${post.id}`).set('Authorization', member.auth);
    expect(body.post).toMatchObject({ format: 'video', image_url: response.body.image_url });
    // The served file is read to its end: an unread body keeps the response in flight, and the API's stop waits for it.
    const file = await fetch(`${api.baseUrl.replace('/api/v1', '')}${new URL(response.body.image_url).pathname}`);
    expect([file.status, file.headers.get('content-type')]).toEqual([200, 'video/mp4']);
    expect(Buffer.from(await file.arrayBuffer()).equals(mp4File({ durationSeconds: 12.5, width: 1280, height: 720 }))).toBe(true);
  });

  it('reads a movie box written after the media data (no "fast start"), and a phone\'s turned portrait video', async () => {
    const post = await newPost();
    const response = await upload(post.id, mp4File({ moovAtEnd: true, rotated: true, width: 1920, height: 1080, durationSeconds: 45 }));
    expect(response.status).toBe(201);
    expect(response.body.candidates[0]).toMatchObject({ width: 1080, height: 1920, kind: 'video', duration_seconds: 45 });
  });

  it("takes HEVC (hvc1) and the limits' edges: 3 s, 30 min, 1:2.4 and 2.4:1", async () => {
    for (const options of [{ codec: 'hvc1' }, { durationSeconds: 3 }, { durationSeconds: 1800 }, { width: 600, height: 1440 }, { width: 1440, height: 600 }] as Mp4Options[]) {
      const response = await upload((await newPost()).id, mp4File(options));
      expect([JSON.stringify(options), response.status]).toEqual([JSON.stringify(options), 201]);
    }
  });

  it('fetches a video from image_url the same way', async () => {
    served['/clip.mp4'] = mp4File({ moovAtEnd: true });
    const post = await newPost();
    const response = await api.http
      .post(`/posts/${post.id}/images/upload`)
      .set('Authorization', member.auth)
      .send({ image_url: `${remote.url}/clip.mp4` });
    expect(response.status).toBe(201);
    expect(response.body.candidates[0]).toMatchObject({ kind: 'video', width: 1280, height: 720 });
  });

  it("an image_url video that breaks LinkedIn's limits is refused on the image_url field", async () => {
    served['/short.mp4'] = mp4File({ durationSeconds: 1 });
    const post = await newPost();
    const response = await api.http
      .post(`/posts/${post.id}/images/upload`)
      .set('Authorization', member.auth)
      .send({ image_url: `${remote.url}/short.mp4` });
    expect(response.status).toBe(422);
    expect(response.body.error.details.image_url).toMatch(/lasts 1 s; LinkedIn takes videos of at least 3 s/);
  });

  it('can be selected again from the candidates: the format stays video and no overlay is drawn', async () => {
    const post = await newPost();
    const uploaded = await upload(post.id, mp4File());
    const selected = await api.http.post(`/posts/${post.id}/select-image`).set('Authorization', member.auth).send({ image_index: 0 });
    expect(selected.status).toBe(200);
    expect(selected.body.post).toMatchObject({ format: 'video', image_url: uploaded.body.image_url, status: 'approved' });
  });

  it("answers 404 for another member's post, keeping no file", async () => {
    const stranger = await createTestMember(api.runtime);
    const theirs = await createTestPost(api.runtime, stranger.memberId);
    const before = await filesUnder(dataDir);
    expect((await upload(theirs.id, mp4File())).status).toBe(404);
    expect(await filesUnder(dataDir)).toEqual(before);
  });
});

describe("a video outside LinkedIn's limits is refused with 422 naming the limit", () => {
  it('too short, too long', async () => {
    await refused(mp4File({ durationSeconds: 2 }), /lasts 2 s; LinkedIn takes videos of at least 3 s/);
    await refused(mp4File({ durationSeconds: 31 * 60 }), /lasts 31 min 0 s; LinkedIn takes videos of at most 30 min/);
  });

  it('too wide, too tall, too small a frame', async () => {
    await refused(mp4File({ width: 1920, height: 640 }), /aspect ratio is 3\.00:1 \(1920 × 640\); LinkedIn takes 1:2\.4 to 2\.4:1/);
    await refused(mp4File({ width: 400, height: 1000 }), /aspect ratio is 1:2\.50/);
    await refused(mp4File({ width: 100, height: 100 }), /100 × 100 pixels; each side must be between 144 and 4096/);
  });

  it('a codec LinkedIn does not take, no video track, a QuickTime file', async () => {
    await refused(mp4File({ codec: 'mp4v' }), /encoded as "mp4v"; LinkedIn takes H\.264 \(avc1\) or HEVC \(hvc1\)/);
    await refused(mp4File({ audioOnly: true }), /has no video track/);
    await refused(mp4File({ majorBrand: 'qt  ' }), /not an MP4 \(its brand is "qt"\)/);
  });

  it("larger than LPS_VIDEO_MAX_BYTES (streamed, so cut at the cap), or smaller than LinkedIn's 75 KB", async () => {
    await refused(mp4File({ mdatBytes: VIDEO_MAX_BYTES }), /the video is larger than 400 KB/);
    await refused(mp4File({ mdatBytes: 10_000 }), /the video has \d+ bytes; LinkedIn takes videos of at least 75 KB/);
  });

  it('not an MP4 at all', async () => {
    await refused(Buffer.alloc(100_000, 0x41), /not a JPEG, PNG, PDF or MP4 video/);
  });
});

describe('a broken or hostile MP4 is a 422, never a 5xx', () => {
  const ftyp = mp4Box('ftyp', Buffer.from('isom\0\0\0\0isom', 'latin1'));
  const filler = (bytes: number) => mp4Box('free', Buffer.alloc(bytes));
  const sized = (size: number, type: string, rest = Buffer.alloc(0)) => {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(size);
    header.write(type, 4, 'latin1');
    return Buffer.concat([header, rest]);
  };

  it('truncated: cut inside its media data, or inside a movie box at the end', async () => {
    const whole = mp4File({ mdatBytes: 120_000 });
    await refused(whole.subarray(0, whole.length - 20_000), /the MP4 is truncated: its box mdat at offset \d+ declares \d+ bytes but the file ends at/);
    const atEnd = mp4File({ moovAtEnd: true, mdatBytes: 120_000 });
    await refused(atEnd.subarray(0, atEnd.length - 40), /the MP4 is truncated: its box moov/);
  });

  it('no movie box at all (a recording that was never finished)', async () => {
    const { head, mdatBytes } = mp4Parts({ moovAtEnd: true, mdatBytes: 100_000 });
    await refused(Buffer.concat([head, Buffer.alloc(mdatBytes)]), /no movie box \(moov\)/);
  });

  it('boxes that lie about their sizes', async () => {
    const big = Buffer.alloc(8);
    big.writeBigUInt64BE(2n ** 62n);
    await refused(Buffer.concat([ftyp, filler(90_000), sized(1, 'moov', big)]), /impossible size/);
    await refused(Buffer.concat([ftyp, filler(90_000), sized(4, 'moov')]), /declares 4 bytes, less than its own header/);
    // A child running past its parent, and a child that says "to the end" (size 0) inside the movie box.
    await refused(Buffer.concat([ftyp, filler(90_000), mp4Box('moov', sized(5_000, 'mvhd', Buffer.alloc(100)))]), /box mvhd at offset \d+ runs past the box that holds it/);
    await refused(Buffer.concat([ftyp, filler(90_000), mp4Box('moov', sized(0, 'trak', Buffer.alloc(100)))]), /box trak at offset \d+ has no size/);
  });

  it('tens of thousands of empty boxes where the header is looked for', async () => {
    const many = Buffer.concat(Array.from({ length: 12_000 }, () => mp4Box('free')));
    await refused(Buffer.concat([ftyp, mp4Box('moov', many)]), /more than 4000 boxes/);
  });

  it('a movie header too short for its fields, a timescale of 0, a track without its sample description', async () => {
    const good = mp4File();
    const moovAt = good.indexOf('moov', 0, 'latin1') - 4;
    const mvhdAt = good.indexOf('mvhd', 0, 'latin1') - 4;
    const shortMvhd = Buffer.concat([good.subarray(0, moovAt), mp4Box('moov', mp4Box('mvhd', Buffer.alloc(6))), filler(90_000)]);
    await refused(shortMvhd, /mvhd box at offset \d+ is too short/);
    const zeroTimescale = Buffer.from(good);
    zeroTimescale.fill(0, mvhdAt + 8 + 12, mvhdAt + 8 + 16);
    // The track's own timing still says 10 s: the movie's zero is read as "not given".
    expect((await upload((await newPost()).id, zeroTimescale)).status).toBe(201);
    const noStsd = Buffer.from(good);
    noStsd.write('xxxx', good.indexOf('stsd', 0, 'latin1'), 'latin1');
    await refused(noStsd, /video track lacks its header, timing or sample description/);
  });

  it('random bytes after a valid ftyp', async () => {
    const noise = Buffer.alloc(90_000);
    for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 7919) % 251;
    const post = await newPost();
    const response = await upload(post.id, Buffer.concat([ftyp, noise]));
    expect(response.status).toBe(422);
  });
});
