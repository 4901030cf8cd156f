import type { OutsideClients } from '@lps/api';
import type { Runtime } from '@lps/runtime';
import type { Request } from 'express';

/** What the dashboard's own JSON routes are built with. */
export interface DashboardRouteContext {
  runtime: Runtime;
  clients: OutsideClients;
  /** Seconds an address must wait before another sign-in attempt; 0: go on. */
  signInWait: (req: Request) => Promise<number>;
}
