import { readFileSync, writeFileSync } from 'node:fs';

/** Resident and peak memory of a child process (VmRSS, VmHWM from /proc), and a reset of the peak per phase. */
export interface ProcessMemory {
  rssMb(): number;
  peakRssMb(): number;
  resetPeak(): void;
  alive(): boolean;
}

export function processMemory(pid: number): ProcessMemory {
  const statusMb = (field: 'VmRSS' | 'VmHWM') => {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith(field));
    return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
  };
  return {
    rssMb: () => statusMb('VmRSS'),
    peakRssMb: () => statusMb('VmHWM'),
    // Writing 5 to clear_refs resets VmHWM (proc(5)), so each phase reads a peak of its own.
    resetPeak: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    alive: () => {
      try {
        // A zombie (State: Z) has died and waits to be reaped.
        return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
      } catch {
        return false;
      }
    },
  };
}
