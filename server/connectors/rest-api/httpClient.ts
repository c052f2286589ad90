import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import { type AttemptOutcome, type RetrySettings, retryDecision } from './retryPolicy';

type BodyReadable = Awaited<ReturnType<typeof request>>['body'];

/** The limits of calls to HTTP APIs (runtime config `http`, issue 30 point 3). */
export interface HttpLimits extends RetrySettings {
  /** Longest one attempt may wait for the answer's head, and then between two parts of its body. */
  timeoutMs: number;
  /** Largest answer body read; a larger one fails the call. */
  maxResponseBytes: number;
  /** Most redirects followed within the connection's origin. */
  maxRedirects: number;
}

export interface HttpCall {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
  /** The operation allows retrying a method that is not idempotent. */
  retryUnsafe: boolean;
  /** When the flow's call must end (ms since the epoch): no attempt or wait goes past it. */
  deadline?: number;
}

export interface HttpAnswer {
  status: number;
  contentType: string;
  text: string;
}

/**
 * Why a call failed, in words of our own: never the remote's text, and never a header (the key rides in
 * one), so the message may go to the server log as it is.
 */
export class HttpCallError extends Error {
  constructor(
    readonly kind: 'connection' | 'timeout' | 'status' | 'tooLarge' | 'redirect',
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpCallError';
  }
}

// TLS certificates are verified (Node's default, said here so no global setting can turn it off for
// these calls); redirects are never followed by undici itself (below, within the origin only). The
// connect is bounded by the calls' timeout: one agent per timeout, and a process has one.
const agents = new Map<number, Agent>();
const agentFor = (connectMs: number) => {
  let agent = agents.get(connectMs);
  if (!agent) {
    agent = new Agent({
      connect: { rejectUnauthorized: true, timeout: connectMs },
      keepAliveTimeout: 10_000,
    });
    agents.set(connectMs, agent);
  }
  return agent;
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED',
]);
const TIMEOUT_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_ABORTED',
  'ETIMEDOUT',
]);

const where = (method: string, url: URL) => `${method} ${url.origin}${url.pathname}`;

const codeOf = (error: unknown): string => {
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code;
  if (typeof code === 'string') return code;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof cause === 'string' ? cause : '';
};

/** An error of undici or the socket as ours: what kind, with its code, never its message. */
function ownError(error: unknown, method: string, url: URL, timeoutMs: number): HttpCallError {
  if (error instanceof HttpCallError) return error;
  const code = codeOf(error);
  const name = (error as { name?: unknown } | null)?.name;
  if (TIMEOUT_CODES.has(code) || name === 'AbortError' || name === 'TimeoutError')
    return new HttpCallError(
      'timeout',
      `${where(method, url)}: no answer within ${timeoutMs} ms`,
      undefined,
      code,
    );
  if (CONNECTION_CODES.has(code))
    return new HttpCallError(
      'connection',
      `${where(method, url)}: connection failed (${code})`,
      undefined,
      code,
    );
  // TLS failures (a certificate that does not verify) and anything else: refused, not retried.
  return new HttpCallError(
    'status',
    `${where(method, url)}: request failed (${code || 'no code'})`,
    undefined,
    code,
  );
}

/**
 * Reads at most `limit` bytes of a body within `leftMs`; more fails the call without reading the rest,
 * and so does a body still coming when the time is up (undici's bodyTimeout bounds only the pause
 * between two parts). Read by its events, not `for await`: an async iterator and a promise per part
 * were a share of an EXTERNAL call's time for answers that come in one part (issue 30's bench).
 */
function readCapped(body: BodyReadable, limit: number, at: () => string, leftMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (error: Error | undefined, text?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(text ?? '');
    };
    const timer = setTimeout(
      () => {
        body.destroy();
        settle(new HttpCallError('timeout', `${at()}: the answer did not end in time`));
      },
      Math.max(1, leftMs),
    );
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        body.destroy();
        settle(new HttpCallError('tooLarge', `${at()}: answer larger than ${limit} bytes`));
      } else chunks.push(chunk);
    });
    body.once('end', () =>
      settle(
        undefined,
        chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8'),
      ),
    );
    body.once('error', (error: Error) => settle(error));
  });
}

/**
 * One attempt: the request, and the redirects it meets within the same origin (at most `maxRedirects`).
 * A redirect to another origin is refused, never followed: the headers carry the key, and undici's own
 * redirect handling drops only Authorization and Cookie when the origin changes, not a header the
 * connection names; the other host is one the administrator did not save either.
 */
async function attempt(
  call: HttpCall,
  limits: HttpLimits,
  timeoutMs: number,
): Promise<HttpAnswer & { retryAfter?: string }> {
  let { method, url, body } = call;
  const started = Date.now();
  for (let redirects = 0; ; redirects++) {
    let answer: Awaited<ReturnType<typeof request>>;
    try {
      answer = await request(url, {
        method: method as 'GET',
        headers: body === undefined ? call.headers : { ...call.headers, 'content-type': 'application/json' },
        ...(body !== undefined ? { body } : {}),
        // Bounded by undici's own timers and readCapped's, not an AbortSignal: a signal per call, whose
        // timer fires long after the answer, was a twentieth of an EXTERNAL call's time (issue 30's bench).
        dispatcher: agentFor(limits.timeoutMs),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (error) {
      throw ownError(error, method, url, timeoutMs);
    }
    const header = (name: string) => {
      const value = answer.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    if (REDIRECTS.has(answer.statusCode)) {
      await answer.body.dump().catch(() => {});
      const location = header('location');
      let next: URL | undefined;
      try {
        next = location ? new URL(location, url) : undefined;
      } catch {
        next = undefined;
      }
      if (!next || next.origin !== call.url.origin)
        throw new HttpCallError(
          'redirect',
          `${where(method, url)}: redirect to another origin refused`,
          answer.statusCode,
        );
      if (redirects >= limits.maxRedirects)
        throw new HttpCallError(
          'redirect',
          `${where(method, url)}: more than ${limits.maxRedirects} redirects`,
          answer.statusCode,
        );
      // RFC 9110 §15.4: 303 asks for a GET; so does a 301 or 302 after a POST, as clients do.
      if (
        answer.statusCode === 303 ||
        ((answer.statusCode === 301 || answer.statusCode === 302) && method === 'POST')
      ) {
        method = 'GET';
        body = undefined;
      }
      url = next;
      continue;
    }
    const declared = Number(header('content-length'));
    if (Number.isFinite(declared) && declared > limits.maxResponseBytes) {
      answer.body.destroy();
      throw new HttpCallError(
        'tooLarge',
        `${where(method, url)}: answer larger than ${limits.maxResponseBytes} bytes`,
      );
    }
    let text: string;
    try {
      text = await readCapped(
        answer.body,
        limits.maxResponseBytes,
        () => where(method, url),
        timeoutMs - (Date.now() - started),
      );
    } catch (error) {
      throw ownError(error, method, url, timeoutMs);
    }
    const retryAfter = header('retry-after');
    return {
      status: answer.statusCode,
      contentType: header('content-type') ?? '',
      text,
      ...(retryAfter !== undefined ? { retryAfter } : {}),
    };
  }
}

/**
 * Calls an HTTP API (issue 30 point 3) through undici: each attempt bounded by `timeoutMs` and the flow's
 * deadline, answers capped at `maxResponseBytes`, redirects followed only within the origin, and retries
 * as retryDecision (./retryPolicy.ts) says. Answers any status that is not retried (the caller judges
 * it); throws HttpCallError when no answer came.
 */
export async function callHttp(call: HttpCall, limits: HttpLimits): Promise<HttpAnswer> {
  let waitedMs = 0;
  for (let retried = 0; ; retried++) {
    const left = call.deadline === undefined ? limits.timeoutMs : call.deadline - Date.now();
    if (left <= 0) throw new HttpCallError('timeout', `${where(call.method, call.url)}: no time left`);
    const timeoutMs = Math.min(limits.timeoutMs, left);
    let outcome: AttemptOutcome;
    let failure: HttpCallError | undefined;
    let answer: (HttpAnswer & { retryAfter?: string }) | undefined;
    try {
      answer = await attempt(call, limits, timeoutMs);
      outcome = {
        kind: 'status',
        status: answer.status,
        ...(answer.retryAfter !== undefined ? { retryAfter: answer.retryAfter } : {}),
      };
    } catch (error) {
      failure = error as HttpCallError;
      if (failure.kind !== 'connection') throw failure;
      outcome = { kind: 'connection' };
    }
    const decision = retryDecision({
      method: call.method,
      retryUnsafe: call.retryUnsafe,
      outcome,
      retried,
      waitedMs,
      settings: limits,
      now: Date.now(),
    });
    const fits =
      decision.retry && (call.deadline === undefined || Date.now() + decision.waitMs < call.deadline);
    if (!decision.retry || !fits) {
      if (failure) throw failure;
      return { status: answer!.status, contentType: answer!.contentType, text: answer!.text };
    }
    waitedMs += decision.waitMs;
    await sleep(decision.waitMs);
  }
}
