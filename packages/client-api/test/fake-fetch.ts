import type { FetchLike } from '../src/http';

/** A request as the fake fetch saw it. */
export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** A `fetch` that answers with `answer` and records every request it was given. */
export function fakeFetch(answer: (request: Request) => Response) {
  const seen: SeenRequest[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    if (request.signal.aborted) throw request.signal.reason;
    seen.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: await request.clone().text(),
    });
    return answer(request);
  };
  return { fetch, seen };
}

/** A JSON response. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
