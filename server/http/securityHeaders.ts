import type { FastifyInstance } from 'fastify';

/**
 * Headers on every answer. The console keeps tokens in local storage (spec part 1 §3), so the content
 * security policy, which allows no inline or foreign script, is the defence against injected script.
 * tests/server/quality/securityHeaders.test.ts checks every kind of answer against these rules.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  // Inline style stays allowed: the demo module pages carry a <style> block. Style cannot run script.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  // The console frames the demo module pages it serves itself, and nobody else frames anything.
  "frame-ancestors 'self'",
].join('; ');

/** Browser features the console never uses, switched off so injected content cannot ask for them. */
export const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

const pageHeaders: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': contentSecurityPolicy,
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': permissionsPolicy,
});

/**
 * The policy of answers that are data, never a page (the UIServices calls, the flows' REST APIs,
 * /metrics): nothing in them may load, run or be framed, should a browser ever render one.
 */
export const apiContentSecurityPolicy = [
  "default-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

// API answers carry tokens and personal data: no cache keeps them, whichever route or error path
// (rate limiter, parser, not found) produced the answer. /metrics is a process's state of the moment:
// a cache in between would answer a scraper what it read before.
const apiHeaders: Readonly<Record<string, string>> = Object.freeze({
  ...pageHeaders,
  'content-security-policy': apiContentSecurityPolicy,
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
});

/** Answers that are data: the console's calls, the flows' REST APIs (/rest) and /metrics. */
const API_URL = /^\/(api|rest|metrics)(\/|\?|$)/;

/** The headers of an answer to `url` (one shared object per kind: made once, not per answer). */
export function securityHeadersFor(url: string): Readonly<Record<string, string>> {
  return API_URL.test(url) ? apiHeaders : pageHeaders;
}

/**
 * Adds the headers to every answer that goes through Fastify's hooks. Answers made outside them (the
 * router's own errors, see frameworkErrors in server/app.ts) add them with securityHeadersFor.
 */
export function securityHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise per answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(securityHeadersFor(request.url));
    done(null, payload);
  });
}
