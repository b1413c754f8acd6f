import { createServer, type Server } from 'node:http';

/** A write the attacker's page tries against the app: a URL of the app and the fields it sends. */
export interface ForgedWrite {
  url: string;
  fields: Record<string, string>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The attacker's page for the CSRF tests: a second loopback server, on another port (another
 * origin, yet the same site as the app: cookies ignore ports, so SameSite lets them through and
 * only the app's CSRF defence stands). `/form/<n>` auto-submits an HTML form (url-encoded) to the
 * n-th write; `/fetch/<n>` sends it with `fetch` as a "simple" request (no-cors, text/plain JSON,
 * credentials included), which needs no preflight. Each page then shows "sent".
 */
export async function startCrossOriginPage(writes: ForgedWrite[]): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const [, kind, index] = (request.url ?? '').split('/');
    const write = writes[Number(index)];
    if (!write || (kind !== 'form' && kind !== 'fetch')) {
      response.writeHead(404).end();
      return;
    }
    const inputs = Object.entries(write.fields)
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('');
    const body =
      kind === 'form'
        ? `<form id="forged" method="POST" action="${escapeHtml(write.url)}" target="sink">${inputs}</form><iframe name="sink" title="sink"></iframe>
           <script>const frame = document.querySelector('iframe'); frame.addEventListener('load', () => { document.body.insertAdjacentHTML('beforeend', '<p id="done">sent</p>'); }, { once: true }); document.getElementById('forged').submit();</script>`
        : `<script>fetch(${JSON.stringify(write.url)}, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'Content-Type': 'text/plain' }, body: ${JSON.stringify(JSON.stringify(write.fields))} })
             .catch(() => null).then(() => document.body.insertAdjacentHTML('beforeend', '<p id="done">sent</p>'));</script>`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><title>Win a prize</title></head><body>${body}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
