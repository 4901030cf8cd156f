import { createDeflate } from 'node:zlib';

const CHUNK = 1024 * 1024;

/** Deflates `bytes` spaces a megabyte at a time: the inflated stream is never held. */
async function deflatedSpaces(bytes: number, head: Buffer): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  deflate.write(head);
  const spaces = Buffer.alloc(CHUNK, 0x20);
  for (let written = head.length; written < bytes; written += CHUNK) {
    const part = written + CHUNK > bytes ? spaces.subarray(0, bytes - written) : spaces;
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat(compressed);
}

/**
 * A well-formed one-page PDF with an object stream (`/Type /ObjStm`) that
 * inflates to `inflatedBytes` (256 MB → ~255 KB on disk): a reader that
 * inflates every object stream at load, as pdf-lib does, holds it all.
 */
export async function pdfBomb(inflatedBytes = 256 * 1024 * 1024): Promise<Buffer> {
  // The stream holds one object (6 0, a number) and then nothing but spaces.
  const objects = '6 0 ';
  const stream = await deflatedSpaces(inflatedBytes, Buffer.from(`${objects}42`));
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: Buffer | string) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (number: number, body: string | Buffer[]) => {
    offsets[number] = length;
    if (typeof body === 'string') return push(`${number} 0 obj\n${body}\nendobj\n`);
    push(`${number} 0 obj\n`);
    body.forEach(push);
    push('\nendobj\n');
  };
  push('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 1080 1350] >>');
  object(4, [Buffer.from(`<< /Type /ObjStm /N 1 /First ${objects.length} /Filter /FlateDecode /Length ${stream.length} >>\nstream\n`), stream, Buffer.from('\nendstream')]);
  const xref = length;
  const entries = [1, 2, 3, 4].map((number) => `${String(offsets[number]).padStart(10, '0')} 00000 n \n`).join('');
  push(`xref\n0 5\n0000000000 65535 f \n${entries}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}
