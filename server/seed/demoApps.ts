import type { FastifyInstance } from 'fastify';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/**
 * Small pages standing in for the client modules (Dashboard, Queue, ...), which the console shows in an
 * embedded frame. They name the module, so the frame shows something real.
 */
export function registerDemoApps(app: FastifyInstance): void {
  app.get<{ Params: { module: string } }>('/apps/:module', async (request, reply) => {
    const module = escapeHtml(request.params.module.slice(0, 60));
    const signedIn = typeof (request.query as Record<string, unknown>).token === 'string';
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${module}</title>
<style>body{font:16px system-ui,sans-serif;margin:0;display:grid;place-items:center;height:100vh;background:#f6f8fb;color:#1d2a3a}
main{text-align:center}h1{font-weight:600;margin:0 0 .5rem}p{color:#5b6b7f;margin:0}</style></head>
<body><main><h1>${module}</h1><p>Demo client module${signedIn ? ', opened with your session token' : ''}.</p></main></body></html>`);
  });
}
