import { open } from 'node:fs/promises';
import type { ImageCandidate } from '@lps/db';
import type { FileStorage } from '@lps/storage';
import { ContentProblem } from './content-problem.js';
import { Mp4Problem, type ByteSource } from './mp4/boxes.js';
import { videoLimitProblem } from './mp4/linkedin-video-limits.js';
import { readMovieFacts, type MovieFacts } from './mp4/movie-facts.js';

/** Reads an MP4's facts through a file handle, a range at a time (the file may be hundreds of MB). */
async function factsOfFile(path: string): Promise<MovieFacts> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const source: ByteSource = {
      size,
      async read(offset, length) {
        const bytes = Buffer.alloc(length);
        const { bytesRead } = await handle.read(bytes, 0, length, offset);
        return bytes.subarray(0, bytesRead);
      },
    };
    return await readMovieFacts(source);
  } finally {
    await handle.close();
  }
}

/**
 * A staged MP4 becomes one `video` candidate when its own container says it fits
 * LinkedIn's limits (duration, frame size, aspect ratio, codec); otherwise a
 * ContentProblem names the limit. No frame is decoded: LinkedIn transcodes it.
 */
export async function videoCandidate(storage: FileStorage, key: string): Promise<ImageCandidate[]> {
  const facts = await storage.withLocalPath(key, factsOfFile).catch((error: unknown) => {
    throw error instanceof Mp4Problem ? new ContentProblem(error.message) : error;
  });
  const problem = videoLimitProblem(facts);
  if (problem) throw new ContentProblem(problem);
  const duration = Math.round(facts.durationSeconds * 1000) / 1000;
  return [{ base_url: storage.urlFor(key), width: facts.width, height: facts.height, kind: 'video', source: 'upload', duration_seconds: duration }];
}
