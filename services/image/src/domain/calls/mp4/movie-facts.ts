import { boxesIn, childOf, childrenOf, Mp4Problem, need, payloadOf, type Box, type BoxWalk, type ByteSource } from './boxes.js';

/** What an MP4's own header says about its video: all a publisher needs to check it against LinkedIn's limits. */
export interface MovieFacts {
  majorBrand: string;
  durationSeconds: number;
  /** The picture as shown (the track matrix's quarter turns applied). */
  width: number;
  height: number;
  /** The video track's sample entry format (avc1, hvc1, …). */
  codec: string;
}

/** A hostile file can declare thousands of tracks: we look at this many. */
const MAX_TRACKS = 32;

const readUint64 = (payload: Buffer, at: number) => Number(payload.readBigUInt64BE(at));

/** mvhd or mdhd: the timescale and duration, in either version's layout. */
async function timing(source: ByteSource, box: Box): Promise<{ timescale: number; duration: number }> {
  const payload = await payloadOf(source, box);
  need(payload, 4, box);
  if (payload[0] === 1) {
    need(payload, 32, box);
    return { timescale: payload.readUInt32BE(20), duration: readUint64(payload, 24) };
  }
  need(payload, 20, box);
  const duration = payload.readUInt32BE(16);
  // All ones: "unknown" in version 0.
  return { timescale: payload.readUInt32BE(12), duration: duration === 0xffffffff ? 0 : duration };
}

const seconds = ({ timescale, duration }: { timescale: number; duration: number }) => (timescale > 0 ? duration / timescale : 0);

/** tkhd: the presentation size (16.16 fixed point) and whether its matrix turns it a quarter. */
async function trackHeader(source: ByteSource, box: Box): Promise<{ width: number; height: number; quarterTurn: boolean }> {
  const payload = await payloadOf(source, box);
  need(payload, 4, box);
  const matrixAt = payload[0] === 1 ? 52 : 40;
  need(payload, matrixAt + 44, box);
  const a = payload.readInt32BE(matrixAt);
  const b = payload.readInt32BE(matrixAt + 4);
  return {
    width: payload.readUInt32BE(matrixAt + 36) / 65536,
    height: payload.readUInt32BE(matrixAt + 40) / 65536,
    quarterTurn: a === 0 && Math.abs(b) === 0x00010000,
  };
}

/** hdlr: the track's kind ('vide', 'soun', …). */
async function handlerType(source: ByteSource, box: Box): Promise<string> {
  const payload = await payloadOf(source, box, 12);
  need(payload, 12, box);
  return payload.toString('latin1', 8, 12);
}

/** stsd: the first sample entry's format and, for a visual entry, its coded size. */
async function sampleEntry(source: ByteSource, box: Box): Promise<{ codec: string; width: number; height: number }> {
  const payload = await payloadOf(source, box, 48);
  need(payload, 44, box);
  if (payload.readUInt32BE(4) === 0) throw new Mp4Problem("the MP4's video track describes no samples");
  return { codec: payload.toString('latin1', 12, 16), width: payload.readUInt16BE(40), height: payload.readUInt16BE(42) };
}

async function path(source: ByteSource, from: Box, types: string[], walk: BoxWalk): Promise<Box | undefined> {
  let box: Box | undefined = from;
  for (const type of types) {
    if (!box) return undefined;
    box = await childOf(source, box, type, walk);
  }
  return box;
}

/** The first video track: its header, its media's duration and its sample entry. */
async function videoTrack(source: ByteSource, moov: Box, walk: BoxWalk) {
  const tracks = await childrenOf(source, moov, 'trak', walk);
  for (const trak of tracks.slice(0, MAX_TRACKS)) {
    const hdlr = await path(source, trak, ['mdia', 'hdlr'], walk);
    if (!hdlr || (await handlerType(source, hdlr)) !== 'vide') continue;
    const tkhd = await childOf(source, trak, 'tkhd', walk);
    const mdhd = await path(source, trak, ['mdia', 'mdhd'], walk);
    const stsd = await path(source, trak, ['mdia', 'minf', 'stbl', 'stsd'], walk);
    if (!tkhd || !mdhd || !stsd) throw new Mp4Problem("the MP4's video track lacks its header, timing or sample description");
    return { header: await trackHeader(source, tkhd), media: await timing(source, mdhd), entry: await sampleEntry(source, stsd) };
  }
  return undefined;
}

/**
 * Reads an MP4's facts from its boxes: `ftyp` first, then `moov` wherever it is
 * (before or after `mdat`), and in it `mvhd` and the first video track. Throws
 * Mp4Problem for anything that is not a complete, readable MP4 with video.
 */
export async function readMovieFacts(source: ByteSource): Promise<MovieFacts> {
  const walk: BoxWalk = { visited: 0 };
  let ftyp: Box | undefined;
  let moov: Box | undefined;
  for await (const box of boxesIn(source, 0, source.size, walk, true)) {
    if (!ftyp && box.type !== 'ftyp') throw new Mp4Problem(`the file does not start with an MP4 file type box (it starts with ${box.type})`);
    if (box.type === 'ftyp') ftyp ??= box;
    else if (box.type === 'moov') {
      if (moov) throw new Mp4Problem('the MP4 has two movie boxes (moov)');
      moov = box;
    }
  }
  if (!ftyp) throw new Mp4Problem('the file is empty');
  if (!moov) throw new Mp4Problem('the MP4 has no movie box (moov): it is truncated or was not finished writing');
  const brand = await payloadOf(source, ftyp, 4);
  need(brand, 4, ftyp);
  const mvhd = await childOf(source, moov, 'mvhd', walk);
  if (!mvhd) throw new Mp4Problem("the MP4's movie box has no movie header (mvhd)");
  const movie = await timing(source, mvhd);
  const track = await videoTrack(source, moov, walk);
  if (!track) throw new Mp4Problem('the MP4 has no video track');
  // The movie's duration; a fragmented or odd file may leave it 0 and give it on the track.
  const durationSeconds = seconds(movie) || seconds(track.media);
  const shown = track.header.width > 0 && track.header.height > 0 ? track.header : { ...track.entry, quarterTurn: track.header.quarterTurn };
  const [width, height] = shown.quarterTurn ? [shown.height, shown.width] : [shown.width, shown.height];
  return { majorBrand: brand.toString('latin1'), durationSeconds, width: Math.round(width), height: Math.round(height), codec: track.entry.codec };
}
