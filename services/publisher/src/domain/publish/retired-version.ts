import type { Logger } from '@lps/logger';

/**
 * A 426 NONEXISTENT_VERSION means LINKEDIN_API_VERSION names a version LinkedIn
 * has retired: every publication fails until an operator changes it. Said once
 * per process as an error (not once per job), and kept for /ready.
 */
export class RetiredVersionAlarm {
  private problem: string | undefined;

  /** `log`: the process's own, not a job's: the alarm is the process's. */
  constructor(private readonly log: Logger) {}

  raise(message: string): void {
    if (this.problem) return;
    this.problem = message;
    this.log.error('LinkedIn refuses the configured API version: publications fail until LINKEDIN_API_VERSION is changed', { reason: message });
  }

  /** For the health port's /ready. */
  readiness(): Record<string, string> {
    return { linkedin_api_version: this.problem ?? 'ok' };
  }
}
