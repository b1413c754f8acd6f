import { request } from 'undici';

/** `GET /v1/ping` with a key, as an integrator's code would call it (undici, no browser, no cookie). */
export async function pingWithKey(apiUrl: string, key: string): Promise<{ status: number; body: unknown }> {
  const response = await request(`${apiUrl}/ping`, { headers: { authorization: `Bearer ${key}` } });
  const text = await response.body.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text, for the test's message.
  }
  return { status: response.statusCode, body };
}
