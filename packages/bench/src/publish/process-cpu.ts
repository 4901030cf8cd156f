import { readdirSync, readFileSync } from 'node:fs';

// /proc/<pid>/stat counts CPU in USER_HZ ticks, which Linux fixes at 100 per second
// for every architecture it exposes /proc on.
const TICKS_PER_SECOND = 100;

/** User + system CPU seconds a process has used so far; 0 when it is gone or there is no /proc. */
function cpuSeconds(pid: number): number {
  try {
    // The fields after the command name, which sits in parentheses and may itself hold ") ".
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Processes on this machine whose command name is `comm` (PostgreSQL's backends, Redis). */
export function pidsNamed(comm: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
  return entries
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === comm;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Named groups of processes whose CPU a window is charged to. Pids are looked up at each reading. */
export type ProcessGroups = Record<string, () => number[]>;

export type CpuReading = Record<string, number>;

export const readCpu = (groups: ProcessGroups): CpuReading =>
  Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, pids().reduce((sum, pid) => sum + cpuSeconds(pid), 0)]));

/**
 * Milliseconds of CPU per item between two readings, per group. A process that
 * exits within the window takes its CPU with it: the groups measured here (the
 * services, their pooled database connections, Redis) live through the window.
 */
export const cpuPerItem = (before: CpuReading, after: CpuReading, items: number): CpuReading =>
  Object.fromEntries(Object.keys(after).map((name) => [name, (((after[name] ?? 0) - (before[name] ?? 0)) * 1000) / items]));
