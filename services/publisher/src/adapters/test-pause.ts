import type { Logger } from '@lps/logger';
import type { PauseHook, PauseStep } from '../domain/publish/pause-hook.js';

/**
 * TEST ONLY (LPS_TEST_PAUSE_AT): stops a publication at one step for ever, after
 * printing `LPS_TEST_PAUSED <step> <post id>` on stdout, so the crash-safety test
 * can SIGKILL the process exactly there. Unset (always, outside that test) it does nothing.
 */
export function createPauseHook(step: PauseStep | undefined, log: Logger): PauseHook {
  if (!step) return async () => {};
  log.warn(`LPS_TEST_PAUSE_AT=${step}: publications will stop at that step (test hook)`);
  return async (at, postId) => {
    if (at !== step) return;
    process.stdout.write(`LPS_TEST_PAUSED ${at} ${postId}\n`);
    await new Promise<never>(() => {});
  };
}
