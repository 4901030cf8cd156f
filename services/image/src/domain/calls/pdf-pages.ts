import { Worker } from 'node:worker_threads';
import type { PdfThreadAnswer, PdfThreadInput } from './pdf-thread.js';

/** What one PDF may cost to read, whatever it is made of. */
export interface PdfReadLimits {
  /** Bytes its streams may inflate to while it is read (object streams are inflated at load). */
  maxInflatedBytes: number;
  /** V8 heap of the reading thread (its parsed objects); past it the thread dies, not the service. */
  maxHeapMb: number;
  timeoutMs: number;
}

export const PDF_READ_LIMITS: PdfReadLimits = { maxInflatedBytes: 64 * 1024 * 1024, maxHeapMb: 128, timeoutMs: 10_000 };

export type PdfPages = { pages: number; first?: { width: number; height: number } } | { problem: 'inflates' | 'unreadable' | 'too-complex' | 'too-slow' };

/**
 * The thread's own module, built. Run from the TypeScript sources (`npm test -- <pattern>`
 * transpiles them in memory) there is no `pdf-thread.js` beside this file: the built one is
 * taken from `dist/`, the same place, as a thread cannot load TypeScript.
 */
const runFromSources = import.meta.url.endsWith('.ts');
const PDF_THREAD_FILE = new URL(runFromSources ? '../../../dist/domain/calls/pdf-thread.js' : './pdf-thread.js', import.meta.url);

/**
 * Page count and first page size of a PDF, read in a worker thread of its own with
 * a bounded heap, a bounded inflation and a time limit: a PDF bomb ends that thread
 * (or its read) and answers a problem, while the service and its other jobs go on.
 */
export function readPdfPages(data: Buffer, limits: PdfReadLimits = PDF_READ_LIMITS): Promise<PdfPages> {
  return new Promise((resolve) => {
    const input: PdfThreadInput = { data, maxInflatedBytes: limits.maxInflatedBytes };
    const thread = new Worker(PDF_THREAD_FILE, {
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (answer: PdfPages) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void thread.terminate();
      resolve(answer);
    };
    const timer = setTimeout(() => settle({ problem: 'too-slow' }), limits.timeoutMs);
    thread.once('message', (answer: PdfThreadAnswer) => settle('problem' in answer ? { problem: answer.problem } : answer));
    // ERR_WORKER_OUT_OF_MEMORY: the heap limit was reached; anything else thrown while loading is a file it cannot read.
    thread.once('error', (error: Error & { code?: string }) => settle({ problem: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'too-complex' : 'unreadable' }));
    thread.once('exit', () => settle({ problem: 'unreadable' }));
  });
}
