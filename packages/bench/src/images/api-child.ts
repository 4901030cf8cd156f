import { startApiProcess } from '../posts/api-process.js';
import { processMemory } from './measured-process.js';

/** The real API in a child process whose resident and peak memory (VmRSS, VmHWM) can be read from /proc. */
export async function startMeasuredApi(env: Record<string, string>, root?: string) {
  // As deployed (deploy/Dockerfile, npm start): fewer glibc arenas, less fragmentation under libvips' threads.
  const api = await startApiProcess({ MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2', ...env }, root);
  return { ...api, ...processMemory(api.pid) };
}
