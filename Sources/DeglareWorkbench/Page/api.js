// Talking to the workbench server. The token travels in an HttpOnly cookie set by the first
// page load, so nothing here ever sees it; every request is same-origin.

/** An answer the server refused: `status` is the HTTP status, `state` the workbench's state. */
export class APIError extends Error {
  constructor(status, message, state) {
    super(message);
    this.status = status;
    this.state = state;
  }
}

async function answer(response) {
  const type = response.headers.get('Content-Type') || '';
  const body = type.startsWith('application/json') ? await response.json() : { error: await response.text() };
  if (!response.ok) {
    throw new APIError(response.status, body.error || `the server answered ${response.status}`, body.state);
  }
  return body;
}

/** GET /api/<path>, as JSON. */
export async function get(path) {
  return answer(await fetch(`/api/${path}`, { cache: 'no-store' }));
}

/**
 * POST /api/<path>?<params> with an optional binary body; resolves to `{state, ...}`.
 * @param {string} path
 * @param {Record<string, string|number|boolean|undefined>} [params]
 * @param {BodyInit} [body]
 */
export async function post(path, params = {}, body = undefined) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const suffix = query.toString() ? `?${query}` : '';
  const headers = body === undefined ? {} : { 'Content-Type': 'application/octet-stream' };
  return answer(await fetch(`/api/${path}${suffix}`, { method: 'POST', body, headers }));
}
