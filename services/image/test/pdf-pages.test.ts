import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { pdfBomb } from '@lps/testing';
// The built file: the thread it starts is a file of the build (dist/…/pdf-thread.js).
import { PDF_READ_LIMITS, readPdfPages } from '../dist/domain/calls/pdf-pages.js';

/** A one-page PDF whose object stream holds one array of `count` numbers: small on disk, a large object graph once parsed. */
function manyObjectsPdf(count: number): Buffer {
  const body = `7 0 [${'0 '.repeat(count)}]`;
  const stream = deflateSync(Buffer.from(body));
  const head =
    '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n';
  const objStm = `4 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${stream.length} >>\nstream\n`;
  return Buffer.concat([Buffer.from(head + objStm, 'latin1'), stream, Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')]);
}

describe('reading a PDF in a thread of its own', () => {
  it("answers the page count and the first page's size", async () => {
    const document = await PDFDocument.create();
    for (let index = 0; index < 3; index += 1) document.addPage([1080, 1350]);
    expect(await readPdfPages(Buffer.from(await document.save()))).toEqual({ pages: 3, first: { width: 1080, height: 1350 } });
  });

  it('stops a PDF whose object stream inflates past the limit (a 255 KB file of 256 MB), however pdf-lib copes with it', async () => {
    expect(await readPdfPages(await pdfBomb())).toEqual({ problem: 'inflates' });
  });

  it('ends the thread, not the process, when the parsed objects pass the heap limit', async () => {
    const file = manyObjectsPdf(3_000_000);
    expect(file.length).toBeLessThan(PDF_READ_LIMITS.maxInflatedBytes);
    expect(await readPdfPages(file, { ...PDF_READ_LIMITS, maxHeapMb: 16 })).toEqual({ problem: 'too-complex' });
  });

  it('gives up on a read that takes longer than its time limit', async () => {
    expect(await readPdfPages(manyObjectsPdf(1_000_000), { ...PDF_READ_LIMITS, timeoutMs: 1 })).toEqual({ problem: 'too-slow' });
  });

  it('answers unreadable for bytes that are not a PDF past their header', async () => {
    expect(await readPdfPages(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 7)]))).toEqual({ problem: 'unreadable' });
  });
});
