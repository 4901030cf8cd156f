import { readFileSync, writeFileSync } from 'node:fs';
import { startApiProcess } from '../posts/api-process.js';

/** The real API in a child process whose resident and peak memory (VmRSS, VmHWM) can be read from /proc. */
export async function startMeasuredApi(env: Record<string, string>, root?: string) {
  // As deployed (deploy/Dockerfile, npm start): fewer glibc arenas, less fragmentation under libvips' threads.
  const api = await startApiProcess({ MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2', ...env }, root);
  const statusMb = (field: 'VmRSS' | 'VmHWM') => {
    const line = readFileSync(`/proc/${api.pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith(field));
    return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
  };
  // Writing 5 to clear_refs resets VmHWM (proc(5)), so each phase reads a peak of its own.
  const resetPeak = () => writeFileSync(`/proc/${api.pid}/clear_refs`, '5');
  return { ...api, rssMb: () => statusMb('VmRSS'), peakRssMb: () => statusMb('VmHWM'), resetPeak };
}
