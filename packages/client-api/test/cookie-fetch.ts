import type { FetchLike } from '../src/http';

/** A fetch for Node that carries cookies the way a browser would: stores Set-Cookie, sends Cookie. */
export interface CookieFetch {
  fetch: FetchLike;
  cookies: Map<string, string>;
  /** The `procedo_csrf` cookie, as a page script would read it. */
  csrf: () => string | null;
}

export function createCookieFetch(): CookieFetch {
  const cookies = new Map<string, string>();
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    if (cookies.size > 0) {
      headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    // The body is buffered so the new request needs no streaming (`duplex`) support.
    const body = request.body ? await request.arrayBuffer() : undefined;
    const response = await globalThis.fetch(request.url, {
      method: request.method,
      headers,
      body,
      redirect: 'manual',
      signal: request.signal,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', v = ''] = a.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(v) <= Date.now();
        return false;
      });
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  return {
    fetch,
    cookies,
    csrf: () => {
      const value = cookies.get('procedo_csrf');
      return value === undefined ? null : decodeURIComponent(value);
    },
  };
}
