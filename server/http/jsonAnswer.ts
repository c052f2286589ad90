/**
 * An answer already serialized, for a handler that keeps a large answer ready between writes
 * (GetConnections: megabytes of JSON for 10,000 connections, which JSON.stringify and UTF-8 encoding
 * would otherwise redo on every call). The route sends the bytes as they are.
 */
export class JsonAnswer<T> {
  declare private readonly answers?: T;

  private constructor(
    readonly bytes: Buffer,
    /** Headers that go with the answer, e.g. X-Total-Count of a list page. */
    readonly headers: Readonly<Record<string, string>>,
  ) {}

  static of<T>(value: T, headers: Record<string, string> = {}): JsonAnswer<T> {
    return new JsonAnswer<T>(Buffer.from(JSON.stringify(value), 'utf8'), headers);
  }
}
