import { Readable } from 'node:stream';

/**
 * MP4 files for tests and benchmarks, written box by box (ISO/IEC 14496-12):
 * `ftyp`, a `moov` with `mvhd` and one video `trak` (`tkhd`, `mdia` → `mdhd`,
 * `hdlr`, `minf` → `stbl` → `stsd` with one sample entry), and an `mdat` of
 * zeros. Nothing plays, but every fact a container reader looks at is real.
 */
export interface Mp4Options {
  durationSeconds?: number;
  width?: number;
  height?: number;
  /** The sample entry's format: avc1 (H.264), hvc1 (HEVC), mp4v, … */
  codec?: string;
  /** The movie header after the media data, as cameras write it (no "fast start"). */
  moovAtEnd?: boolean;
  /** Bytes of media data (zeros); LinkedIn wants at least 75 KB of file. */
  mdatBytes?: number;
  /** A 90° turn in the track matrix: a phone's portrait video stored landscape. */
  rotated?: boolean;
  /** Leave out the video track (an audio-only file). */
  audioOnly?: boolean;
  majorBrand?: string;
}

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
};

export function mp4Box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
}

const fullBox = (type: string, version: number, ...payload: Buffer[]) => mp4Box(type, Buffer.from([version, 0, 0, 0]), ...payload);

/** The track matrix: identity, or turned 90° (a = 0, b = 1, c = −1, d = 0). */
function matrix(rotated: boolean): Buffer {
  const values = rotated ? [0, 0x00010000, 0, -0x00010000, 0, 0, 0, 0, 0x40000000] : [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000];
  return Buffer.concat(values.map((value) => u32(value)));
}

function movieBox(options: Required<Omit<Mp4Options, 'moovAtEnd' | 'mdatBytes' | 'majorBrand'>>): Buffer {
  const timescale = 1000;
  const duration = Math.round(options.durationSeconds * timescale);
  const mvhd = fullBox('mvhd', 0, u32(0), u32(0), u32(timescale), u32(duration), u32(0x00010000), Buffer.from([1, 0]), Buffer.alloc(10), matrix(false), Buffer.alloc(24), u32(2));
  const handler = options.audioOnly ? 'soun' : 'vide';
  const tkhd = fullBox(
    'tkhd',
    0,
    u32(0),
    u32(0),
    u32(1),
    u32(0),
    u32(duration),
    Buffer.alloc(8),
    Buffer.alloc(8),
    matrix(options.rotated),
    u32(options.audioOnly ? 0 : options.width * 65536),
    u32(options.audioOnly ? 0 : options.height * 65536),
  );
  const mdhd = fullBox('mdhd', 0, u32(0), u32(0), u32(90_000), u32(Math.round(options.durationSeconds * 90_000)), Buffer.from([0x55, 0xc4, 0, 0]));
  const hdlr = fullBox('hdlr', 0, u32(0), Buffer.from(handler, 'latin1'), Buffer.alloc(12), Buffer.from('lps test\0', 'latin1'));
  const entry = options.audioOnly
    ? mp4Box('mp4a', Buffer.alloc(6), Buffer.from([0, 1]), Buffer.alloc(20))
    : mp4Box(
        options.codec,
        Buffer.alloc(6),
        Buffer.from([0, 1]),
        Buffer.alloc(16),
        Buffer.from([options.width >> 8, options.width & 255, options.height >> 8, options.height & 255]),
        Buffer.alloc(50),
      );
  const stsd = fullBox('stsd', 0, u32(1), entry);
  const stbl = mp4Box('stbl', stsd);
  const minf = mp4Box('minf', stbl);
  const mdia = mp4Box('mdia', mdhd, hdlr, minf);
  return mp4Box('moov', mvhd, mp4Box('trak', tkhd, mdia));
}

/** The file around its media data: everything before the mdat payload, its length, and everything after. */
export function mp4Parts(options: Mp4Options = {}): { head: Buffer; mdatBytes: number; tail: Buffer } {
  const settings = { durationSeconds: 10, width: 1280, height: 720, codec: 'avc1', rotated: false, audioOnly: false, ...options };
  const ftyp = mp4Box('ftyp', Buffer.from(options.majorBrand ?? 'isom', 'latin1'), u32(512), Buffer.from('isomiso2avc1mp41', 'latin1'));
  const moov = movieBox(settings);
  const mdatBytes = options.mdatBytes ?? 80 * 1024;
  const mdatHeader = Buffer.concat([u32(8 + mdatBytes), Buffer.from('mdat', 'latin1')]);
  return options.moovAtEnd
    ? { head: Buffer.concat([ftyp, mdatHeader]), mdatBytes, tail: moov }
    : { head: Buffer.concat([ftyp, moov, mdatHeader]), mdatBytes, tail: Buffer.alloc(0) };
}

/** A whole small MP4 in memory. */
export function mp4File(options: Mp4Options = {}): Buffer {
  const { head, mdatBytes, tail } = mp4Parts(options);
  return Buffer.concat([head, Buffer.alloc(mdatBytes), tail]);
}

/** A large MP4 as a stream of 1 MB chunks of zeros in its mdat: never held whole (the 200 MB bench). */
export function mp4Stream(options: Mp4Options = {}): { stream: Readable; size: number } {
  const { head, mdatBytes, tail } = mp4Parts(options);
  const chunk = Buffer.alloc(1024 * 1024);
  async function* chunks() {
    yield head;
    for (let left = mdatBytes; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    if (tail.length) yield tail;
  }
  return { stream: Readable.from(chunks(), { objectMode: false }), size: head.length + mdatBytes + tail.length };
}
