/**
 * The most a JSON body may hold besides its 1 MB: how deep it nests and how
 * many object fields and array items it has in all. A real request (the largest
 * is a batch of 10 MCP calls) needs a few dozen of each; a body past them is a
 * hopeless one, and refusing it from its bytes as they arrive costs a pass over
 * the bytes read so far instead of a parse, a validation and an answer each as
 * large as the body (docs/decisions/0018-hostile-input-limits.md).
 */
export const JSON_LIMITS = { bytes: 1024 * 1024, depth: 20, entries: 1_000 } as const;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;
const isWhitespace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/**
 * Counts the nesting and the entries of UTF-8 JSON text fed to it chunk by
 * chunk, and says why once either passes its limit. No allocation per byte,
 * state kept across chunks (a string or an escape may straddle two). It only
 * counts: text that is not JSON at all is left for the parser to refuse. In
 * UTF-8 every byte of a multi-byte character is ≥ 0x80, so none can be taken
 * for a quote or a bracket.
 */
export class JsonShapeScanner {
  /** Whether each open container is an array (1) or an object (0); one slot per allowed level. */
  private readonly isArray: Uint8Array;
  private depth = 0;
  private entries = 0;
  private inString = false;
  private escaped = false;
  private arrayJustOpened = false;

  constructor(private readonly limits: { depth: number; entries: number } = JSON_LIMITS) {
    this.isArray = new Uint8Array(limits.depth + 2);
  }

  /** The reason the text so far is beyond the limits, or undefined. */
  push(bytes: Uint8Array): string | undefined {
    for (let i = 0; i < bytes.length; i += 1) {
      const byte = bytes[i] as number;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) this.inString = false;
        continue;
      }
      if (isWhitespace(byte)) continue;
      if (this.arrayJustOpened) {
        this.arrayJustOpened = false;
        // The first item of a non-empty array (every later one follows a comma).
        if (byte !== CLOSE_ARRAY) this.entries += 1;
      }
      switch (byte) {
        case QUOTE:
          this.inString = true;
          break;
        case OPEN_OBJECT:
        case OPEN_ARRAY:
          this.depth += 1;
          if (this.depth > this.limits.depth) return `nested deeper than ${this.limits.depth} levels`;
          this.isArray[this.depth] = byte === OPEN_ARRAY ? 1 : 0;
          this.arrayJustOpened = byte === OPEN_ARRAY;
          break;
        case CLOSE_OBJECT:
        case CLOSE_ARRAY:
          this.depth = Math.max(0, this.depth - 1);
          break;
        case COLON:
          this.entries += 1;
          break;
        case COMMA:
          if (this.depth > 0 && this.isArray[this.depth] === 1) this.entries += 1;
          break;
        default:
          break;
      }
      if (this.entries > this.limits.entries) return `more than ${this.limits.entries.toLocaleString('en-US')} fields and array items`;
    }
    return undefined;
  }
}
