/**
 * Every URL a JSON answer hands out: absolute http(s) URLs anywhere in it, and
 * the relative `/api/v1/…` links (`poll`) the spec has clients follow.
 */
export function urlsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (/^https?:\/\/\S+$/.test(value) || /^\/api\/v1\/\S*$/.test(value)) found.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) urlsIn(item, found);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) urlsIn(item, found);
  }
  return found;
}

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', pdf: 'application/pdf' };

/** What a file's first bytes must be, so a 200 with the wrong bytes is caught too. */
const MAGIC: Record<string, Buffer> = {
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff]),
  'application/pdf': Buffer.from('%PDF-'),
};

export interface FetchedFile {
  url: string;
  status: number;
  contentType: string | null;
  expectedType: string | undefined;
  bytes: Buffer;
  magicMatches: boolean;
}

/** Downloads a file URL as a browser or `curl` would, and says what came back. */
export async function download(url: string): Promise<FetchedFile> {
  const response = await fetch(url);
  const bytes = Buffer.from(await response.arrayBuffer());
  const extension = new URL(url).pathname.split('.').pop()?.toLowerCase() ?? '';
  const expectedType = CONTENT_TYPES[extension];
  const magic = expectedType ? MAGIC[expectedType] : undefined;
  return {
    url,
    status: response.status,
    contentType: response.headers.get('content-type'),
    expectedType,
    bytes,
    magicMatches: magic !== undefined && bytes.subarray(0, magic.length).equals(magic),
  };
}
