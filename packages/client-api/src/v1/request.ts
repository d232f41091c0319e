import type * as z from 'zod/mini';

/**
 * The request function every v1 resource is built on. It lives apart from `client.ts` so that the
 * resources (`forms.ts`, `records.ts`, `processes.ts`, `session.ts`) do not import the client that
 * imports them.
 */

/** HTTP methods of the v1 API. */
export type V1Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request of the v1 API, as {@link V1Request} takes it. */
export interface V1RequestOptions {
  /** @default 'GET' */
  method?: V1Method;
  /** The JSON body. `undefined` sends none; `null` sends `null`. */
  json?: unknown;
  /** Query parameters. */
  searchParams?: Record<string, string | number | boolean> | URLSearchParams;
  /** A raw body (e.g. `FormData` for an upload), sent as is; ignored when `json` is given. */
  body?: BodyInit;
  /** Aborts the request (a `NetworkError` whose `cause` is the abort). */
  signal?: AbortSignal;
  /**
   * A call the user did not ask for (polling, a timer): sent with `X-Procedo-Background: 1`, so
   * the server does not extend the idle session, and the timeout cookie is not refreshed either.
   * @default false
   */
  background?: boolean;
  /** Extra request headers (e.g. `X-Procedo-Timepoint` of a read in time travel). @default {} */
  headers?: Readonly<Record<string, string>>;
}

/**
 * The core of the v1 client: calls `path` (relative to `/api/v1/`, no leading slash) and returns
 * the body parsed with `schema`. Resources (session, processes, forms…) are built on it.
 *
 * @example const steps = await request(StepSchema, `user/system/user-processes/steps/${id}`);
 */
export type V1Request = <S extends z.core.$ZodType>(
  schema: S,
  path: string,
  options?: V1RequestOptions,
) => Promise<z.output<S>>;
