import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * Runs in a worker thread of its own (pdf-pages.ts): loads one PDF with pdf-lib and
 * answers its page count and first page size. pdf-lib inflates every object stream
 * as it loads, so all its decoding (every filter grows its buffer through
 * DecodeStream.ensureBuffer) is counted here and stopped past `maxInflatedBytes`:
 * a 255 KB file that inflates to gigabytes ends as a refusal, not as memory.
 */
export interface PdfThreadInput {
  data: Uint8Array;
  maxInflatedBytes: number;
}

export type PdfThreadAnswer = { pages: number; first?: { width: number; height: number } } | { problem: 'inflates' | 'unreadable'; detail?: string };

class InflateLimit extends Error {}

const require = createRequire(import.meta.url);
// pdf-lib resolves to its CommonJS build from ESM ("main"); its internals share that module instance.
const { PDFDocument } = require('pdf-lib') as typeof import('pdf-lib');
const { default: DecodeStream } = require('pdf-lib/cjs/core/streams/DecodeStream.js') as {
  // A function property, not a method: it is kept apart from its object and called with `this` given (`.call`).
  default: { prototype: { ensureBuffer: (this: object, requested: number) => Uint8Array } };
};

// pdf-lib warns on the console for each broken object it skips: a hostile file must not write the logs.
console.warn = () => undefined;

const { data, maxInflatedBytes } = workerData as PdfThreadInput;
let inflated = 0;
// pdf-lib catches what a broken object throws and reads on: the breach is remembered, not only thrown.
let overInflated = false;
/** The most each stream has asked for so far (its buffer doubles, so its length says less). */
const counted = new WeakMap<object, number>();
const ensureBuffer = DecodeStream.prototype.ensureBuffer;
DecodeStream.prototype.ensureBuffer = function guarded(requested: number) {
  const had = counted.get(this) ?? 0;
  if (requested > had) {
    counted.set(this, requested);
    inflated += requested - had;
    if (inflated > maxInflatedBytes) {
      overInflated = true;
      throw new InflateLimit();
    }
  }
  return ensureBuffer.call(this, requested);
};

async function read(): Promise<PdfThreadAnswer> {
  try {
    const pdf = await PDFDocument.load(data, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    if (overInflated) return { problem: 'inflates' };
    const pages = pdf.getPageCount();
    return { pages, ...(pages > 0 ? { first: pdf.getPage(0).getSize() } : {}) };
  } catch (error) {
    if (overInflated || error instanceof InflateLimit) return { problem: 'inflates' };
    return { problem: 'unreadable', detail: (error as Error).message };
  }
}

parentPort?.postMessage(await read());
