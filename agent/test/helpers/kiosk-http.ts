/** A local API answer: status, parsed body, headers. */
export interface LocalAnswer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
}

async function parse(response: Response): Promise<LocalAnswer> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (the renderer's files): tests read the text.
  }
  return { status: response.status, body, headers: response.headers };
}

export async function kioskGet(base: { localApiUrl: string }, path: string): Promise<LocalAnswer> {
  return parse(await fetch(`${base.localApiUrl}${path}`));
}

/** A JSON POST, or `raw` sent as is with `contentType` (for malformed requests). */
export async function kioskPost(base: { localApiUrl: string }, path: string, body: unknown, raw?: { text: string; contentType?: string }): Promise<LocalAnswer> {
  const payload = raw ? raw.text : JSON.stringify(body);
  const headers = { 'content-type': raw?.contentType ?? 'application/json' };
  return parse(await fetch(`${base.localApiUrl}${path}`, { method: 'POST', headers, body: payload }));
}
