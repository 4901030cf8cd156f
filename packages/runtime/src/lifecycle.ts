import type { Logger } from '@lps/logger';
import { stopTelemetry } from '@lps/telemetry';

/** A started service: the API server or a worker. `stop` finishes in-flight work first. */
export interface RunningService {
  name: string;
  stop(): Promise<void>;
  /** Readiness checks of this service's own ('ok' or what is wrong), merged into the health port's /ready. */
  readiness?(): Record<string, string>;
}

/**
 * The one shutdown path (SIGTERM, SIGINT): stop services in the given order
 * (HTTP first, so nothing new arrives, then workers), then close shared
 * connections. A second signal or the timeout exits at once.
 */
export function stopOnSignals(services: RunningService[], closeShared: () => Promise<void>, logger: Logger, timeoutSeconds: number): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      logger.warn(`second ${signal}: exiting now`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`${signal} received: shutting down`);
    const timer = setTimeout(() => {
      logger.error(`shutdown took longer than ${timeoutSeconds}s: exiting`);
      process.exit(1);
    }, timeoutSeconds * 1000);
    timer.unref();
    let failed = false;
    for (const service of services) {
      try {
        await service.stop();
        logger.info(`${service.name} stopped`);
      } catch (error) {
        failed = true;
        logger.error(`${service.name} did not stop cleanly`, { error: (error as Error).message });
      }
    }
    await closeShared().catch((error: Error) => {
      failed = true;
      logger.error('closing connections failed', { error: error.message });
    });
    // The spans of the last requests and jobs, still buffered, go to the collector before the exit.
    await stopTelemetry().catch((error: Error) => logger.warn('sending the last traces failed', { error: error.message }));
    process.exit(failed ? 1 : 0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
