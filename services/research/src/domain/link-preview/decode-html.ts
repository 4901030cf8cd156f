/**
 * An HTML page's bytes as text, in the encoding the page declares (WHATWG
 * "determining the character encoding", simplified): a byte order mark, else the
 * Content-Type header's charset, else a `<meta charset>` / `http-equiv` in the
 * first 4 KB, else UTF-8. A label Node's TextDecoder does not know (utf-7 and
 * other tricks) and a meta that claims UTF-16 (it cannot: the page was read as
 * ASCII to find it) fall back to UTF-8. Bytes that do not decode become U+FFFD.
 */
const PRESCAN_BYTES = 4096;
const META_CHARSET = /<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)/i;

function bomEncoding(bytes: Buffer): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

function decoderFor(label: string | undefined): InstanceType<typeof TextDecoder> | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label.trim().toLowerCase());
  } catch {
    return undefined;
  }
}

export function decodeHtml(bytes: Buffer, contentType: string): string {
  const bom = bomEncoding(bytes);
  if (bom) return new TextDecoder(bom).decode(bytes);
  const declared = /charset\s*=\s*["']?([^"';\s]+)/i.exec(contentType)?.[1];
  const fromMeta = META_CHARSET.exec(bytes.subarray(0, PRESCAN_BYTES).toString('latin1'))?.[1];
  const metaLabel = fromMeta && /^utf-?16/i.test(fromMeta) ? 'utf-8' : fromMeta;
  const decoder = decoderFor(declared) ?? decoderFor(metaLabel) ?? new TextDecoder('utf-8');
  return decoder.decode(bytes);
}
