/**
 * Rows in PostgreSQL's binary COPY format (COPY … FROM … WITH (FORMAT binary)): each value as its type's
 * wire bytes, so PostgreSQL parses nothing. The executions log writes a row per flow call, and on PGlite
 * its text form cost more to read than to store: a timestamptz parsed from text, four uuids from hex,
 * each number from digits, every character of the kept data checked for an escape (issue 32's bench).
 *
 * Format: an 11-byte signature, flags and header extension (both 0); per row the field count (int16),
 * then per field its length (int32, -1 for NULL) and bytes; a trailer of -1 (int16). Numbers big-endian.
 */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** 2000-01-01T00:00:00Z in ms since the epoch: PostgreSQL's timestamps count µs from it. */
const POSTGRES_EPOCH_MS = 946_684_800_000;
const TWO_32 = 2 ** 32;
const HEX = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

export class BinaryCopy {
  private buffer: Buffer;
  private at = 0;
  /** The bytes of uuids seen in this batch: a batch names the same few flows, versions and users. */
  private readonly uuids = new Map<string, Buffer>();

  constructor(sizeHint = 64 * 1024) {
    // Never from Node's shared pool of small buffers: the bytes are handed over whole (Db.copyIn).
    this.buffer = Buffer.allocUnsafeSlow(Math.max(sizeHint, 64));
    SIGNATURE.copy(this.buffer, 0);
    this.at = SIGNATURE.length;
    this.buffer.writeInt32BE(0, this.at);
    this.buffer.writeInt32BE(0, this.at + 4);
    this.at += 8;
  }

  private room(bytes: number): void {
    if (this.at + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.buffer.length * 2, this.at + bytes));
    this.buffer.copy(grown, 0, 0, this.at);
    this.buffer = grown;
  }

  /** Starts a row of `fields` values. */
  row(fields: number): this {
    this.room(2);
    this.at = this.buffer.writeInt16BE(fields, this.at);
    return this;
  }

  null(): this {
    this.room(4);
    this.at = this.buffer.writeInt32BE(-1, this.at);
    return this;
  }

  /** text (and varchar): UTF-8. */
  text(value: string | null | undefined): this {
    if (value === null || value === undefined) return this.null();
    // At most three bytes a UTF-16 unit; the length is written once the bytes are.
    this.room(4 + value.length * 3);
    const written = this.buffer.write(value, this.at + 4, 'utf8');
    this.buffer.writeInt32BE(written, this.at);
    this.at += 4 + written;
    return this;
  }

  int4(value: number | null | undefined): this {
    if (value === null || value === undefined) return this.null();
    this.room(8);
    this.at = this.buffer.writeInt32BE(4, this.at);
    this.at = this.buffer.writeInt32BE(value, this.at);
    return this;
  }

  /** int8 of an integer within ±2^53 (an id), without a BigInt. */
  int8(value: number | null | undefined): this {
    if (value === null || value === undefined) return this.null();
    if (!Number.isSafeInteger(value)) throw new RangeError(`not an int8 this writer takes: ${value}`);
    this.room(12);
    this.at = this.buffer.writeInt32BE(8, this.at);
    return this.int64(value);
  }

  float4(value: number | null | undefined): this {
    if (value === null || value === undefined) return this.null();
    this.room(8);
    this.at = this.buffer.writeInt32BE(4, this.at);
    this.at = this.buffer.writeFloatBE(value, this.at);
    return this;
  }

  /** timestamptz of a time in ms since the epoch, its fraction kept to the µs. */
  timestamptz(ms: number | null | undefined): this {
    if (ms === null || ms === undefined) return this.null();
    this.room(12);
    this.at = this.buffer.writeInt32BE(8, this.at);
    return this.int64(Math.round((ms - POSTGRES_EPOCH_MS) * 1000));
  }

  /** uuid from its text (with or without hyphens, any case); other text throws, as PostgreSQL would refuse it. */
  uuid(value: string | null | undefined): this {
    if (value === null || value === undefined) return this.null();
    let bytes = this.uuids.get(value);
    if (!bytes) {
      if (!HEX.test(value)) throw new TypeError(`not a uuid: ${JSON.stringify(value.slice(0, 40))}`);
      bytes = Buffer.from(value.replaceAll('-', ''), 'hex');
      this.uuids.set(value, bytes);
    }
    this.room(20);
    this.at = this.buffer.writeInt32BE(16, this.at);
    this.at += bytes.copy(this.buffer, this.at);
    return this;
  }

  /** The bytes written, with the trailer, in memory of their own; the writer is done. */
  end(): Uint8Array {
    this.room(2);
    this.at = this.buffer.writeInt16BE(-1, this.at);
    return this.buffer.subarray(0, this.at);
  }

  private int64(value: number): this {
    const high = Math.floor(value / TWO_32);
    this.at = this.buffer.writeInt32BE(high, this.at);
    this.at = this.buffer.writeUInt32BE(value - high * TWO_32, this.at);
    return this;
  }
}
