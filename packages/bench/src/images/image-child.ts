import { readFileSync } from 'node:fs';
import { startBenchService } from '../bench-service.js';
import { REPO_ROOT } from '../posts/bench-database.js';
import { processMemory } from './measured-process.js';

/** The image service alone in a child process (`services/image/dist/main.js`), as deployed, with its memory readable. */
export async function startMeasuredImageService(env: Record<string, string>) {
  const service = startBenchService('image', { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2', ...env });
  // It has no HTTP port of its own to wait on: its worker is listening once the process has settled.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  if (service.child.exitCode !== null) throw new Error(`the image service exited with code ${service.child.exitCode}`);
  return { pid: service.pid, stop: () => service.stop(), ...processMemory(service.pid) };
}

/** The image service's memory limit in deploy/k8s/base/image.yaml, in MB. */
export function imageServiceLimitMb(): number {
  const manifest = readFileSync(`${REPO_ROOT}deploy/k8s/base/image.yaml`, 'utf8');
  const limit = /limits:\s*\n(?:\s+\w+:.*\n)*?\s+memory:\s*(\d+)(Mi|Gi)/.exec(manifest);
  if (!limit) throw new Error('no memory limit in deploy/k8s/base/image.yaml');
  return Number(limit[1]) * (limit[2] === 'Gi' ? 1024 : 1);
}
