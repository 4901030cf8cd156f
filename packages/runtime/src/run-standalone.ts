import { ConfigError, loadConfig, type Config } from '@lps/config';
import { stopOnSignals, type RunningService } from './lifecycle.js';
import { startHealthServer } from './health-server.js';
import { createRuntime, type Runtime } from './runtime.js';

/** Loads the configuration or exits 1 with one line naming the bad variables (no stack trace). */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * The body of every entry point: build the runtime, start the services in
 * order (a worker adds its health port), log `<name> started`, and stop them in the same order on SIGTERM/SIGINT.
 */
export async function runStandalone(name: string, start: (runtime: Runtime) => Promise<RunningService[]>, options: { healthPort?: boolean } = {}): Promise<void> {
  const config = loadConfigOrExit();
  const runtime = await createRuntime(config, { service: name });
  const services = await start(runtime);
  // The orchestrator's port: /health, /ready, /metrics (the API keeps only /health public). It stops last.
  if (options.healthPort) {
    const checks = () => Object.assign({}, ...services.map((service) => service.readiness?.() ?? {})) as Record<string, string>;
    services.push(await startHealthServer(runtime, config.ops.healthPort, checks));
  }
  runtime.logger.info(`${name} started`);
  stopOnSignals(services, () => runtime.close(), runtime.logger, config.shutdownTimeoutSeconds);
}
