import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpuPerItem, pidsNamed, readCpu } from '../src/publish/process-cpu.js';

// The publish bench charges each process's CPU to the posts of a window (/proc, Linux).
const started = async (child: ChildProcess): Promise<number> => {
  await once(child.stdout!, 'data');
  return child.pid ?? 0;
};

describe('process CPU readings', () => {
  it('charges a busy process its CPU and an idle one none', async () => {
    const busy = spawn(process.execPath, ['-e', 'console.log("go"); const end = Date.now() + 3000; while (Date.now() < end);']);
    const idle = spawn(process.execPath, ['-e', 'console.log("go"); setTimeout(() => {}, 3000)']);
    try {
      const groups = { busy: () => [busy.pid ?? 0], idle: () => [idle.pid ?? 0] };
      await Promise.all([started(busy), started(idle)]);
      const before = readCpu(groups);
      const from = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const perItem = cpuPerItem(before, readCpu(groups), 10);
      const wallMs = Date.now() - from;
      // A spinning process gets at least a share of a core even on a loaded machine,
      // and never more CPU than the wall time (+ one 10 ms tick at each end).
      expect(perItem.busy! * 10).toBeGreaterThan(50);
      expect(perItem.busy! * 10).toBeLessThanOrEqual(wallMs + 20);
      expect(perItem.idle! * 10).toBeLessThanOrEqual(20);
    } finally {
      busy.kill();
      idle.kill();
    }
  });

  it('finds processes by command name (as it finds PostgreSQL and Redis), and none for a made-up one', async () => {
    const sleeper = spawn('sleep', ['5']);
    try {
      await once(sleeper, 'spawn');
      expect(pidsNamed('sleep')).toContain(sleeper.pid);
      expect(pidsNamed('no-such-process-lps')).toEqual([]);
    } finally {
      sleeper.kill();
    }
  });

  it('reads a process that is gone as zero', () => {
    expect(readCpu({ gone: () => [2 ** 22 + 12345] }).gone).toBe(0);
  });
});
