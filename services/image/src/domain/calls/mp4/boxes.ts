/**
 * ISO base media file format boxes (ISO/IEC 14496-12), read from a file a range
 * at a time: only headers and the few small boxes we need are ever read, never
 * the media data, and the movie box may come before or after it. Every size a
 * box declares is checked against its parent, so a hostile file can make us
 * read neither past its end nor in circles.
 */

/** A file read by byte ranges (a local file handle; a test's buffer). */
export interface ByteSource {
  size: number;
  read(offset: number, length: number): Promise<Buffer>;
}

export interface Box {
  type: string;
  /** Where the box starts, where its payload starts, and where it ends (exclusive). */
  start: number;
  payload: number;
  end: number;
}

/** The file is not a well-formed MP4; the message says where and why (a 422 for the member). */
export class Mp4Problem extends Error {
  override readonly name = 'Mp4Problem';
}

/** A hostile file can hold millions of empty boxes: we look at no more than this many. */
export const MAX_BOXES_VISITED = 4_000;

export interface BoxWalk {
  visited: number;
}

/**
 * The boxes between `from` and `to`, in order. A box whose size runs past `to`
 * means the file (or its parent) is cut short; size 0 means "to the end", which
 * only the last top-level box may say.
 */
export async function* boxesIn(source: ByteSource, from: number, to: number, walk: BoxWalk, topLevel: boolean): AsyncGenerator<Box> {
  let offset = from;
  while (offset < to) {
    walk.visited += 1;
    if (walk.visited > MAX_BOXES_VISITED) throw new Mp4Problem(`the MP4 holds more than ${MAX_BOXES_VISITED} boxes where its header is looked for`);
    if (to - offset < 8) throw new Mp4Problem(`the MP4 has ${to - offset} stray bytes at offset ${offset}`);
    const header = await source.read(offset, Math.min(16, to - offset));
    const type = header.toString('latin1', 4, 8);
    if (!/^[\x20-\x7e]{4}$/.test(type)) throw new Mp4Problem(`the MP4 has a box with an unreadable type at offset ${offset}`);
    let size = header.readUInt32BE(0);
    let headerLength = 8;
    if (size === 1) {
      if (header.length < 16) throw new Mp4Problem(`the MP4's box ${type} at offset ${offset} is cut short`);
      const large = header.readBigUInt64BE(8);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) throw new Mp4Problem(`the MP4's box ${type} declares an impossible size`);
      size = Number(large);
      headerLength = 16;
    } else if (size === 0) {
      if (!topLevel) throw new Mp4Problem(`the MP4's box ${type} at offset ${offset} has no size`);
      size = to - offset;
    }
    if (size < headerLength) throw new Mp4Problem(`the MP4's box ${type} at offset ${offset} declares ${size} bytes, less than its own header`);
    if (offset + size > to) {
      throw new Mp4Problem(
        topLevel
          ? `the MP4 is truncated: its box ${type} at offset ${offset} declares ${size} bytes but the file ends at ${to}`
          : `the MP4's box ${type} at offset ${offset} runs past the box that holds it`,
      );
    }
    yield { type, start: offset, payload: offset + headerLength, end: offset + size };
    offset += size;
  }
}

/** The first child of `parent` of this type (undefined when there is none). */
export async function childOf(source: ByteSource, parent: Box, type: string, walk: BoxWalk): Promise<Box | undefined> {
  for await (const box of boxesIn(source, parent.payload, parent.end, walk, false)) if (box.type === type) return box;
  return undefined;
}

/** All children of `parent` of this type. */
export async function childrenOf(source: ByteSource, parent: Box, type: string, walk: BoxWalk): Promise<Box[]> {
  const found: Box[] = [];
  for await (const box of boxesIn(source, parent.payload, parent.end, walk, false)) if (box.type === type) found.push(box);
  return found;
}

/** The start of a box's payload, at most `limit` bytes: the fields we read are all near the start. */
export async function payloadOf(source: ByteSource, box: Box, limit = 256): Promise<Buffer> {
  return source.read(box.payload, Math.min(limit, box.end - box.payload));
}

/** A field that must lie inside the payload read; a box too short for its fields is a broken file. */
export function need(payload: Buffer, bytes: number, box: Box): void {
  if (payload.length < bytes) throw new Mp4Problem(`the MP4's ${box.type} box at offset ${box.start} is too short (${payload.length} bytes)`);
}
