import * as z from 'zod/mini';
import type { AjaxCounter } from '../ajax-counter';
import {
  CallbackError,
  HtmlResponseError,
  HttpStatusError,
  NetworkError,
  NotLoggedOnError,
  ResponseShapeError,
} from '../errors';
import {
  BACKGROUND_HEADER,
  CSRF_HEADER,
  type FetchLike,
  globalFetch,
  isHtmlResponse,
  readCsrfCookie,
  TIMEPOINT_HEADER,
} from '../http';
import type { ServerTimeoutCookie } from '../server-timeout';
import { type BookmarkState, BookmarkStateSchema } from '../v1/bookmarks';
import { type ElementData, ElementDataSchema, RecordSchema, type RecordVersion } from '../v1/record-schemas';
import { ENGLISH_ISSUES } from '../zod-english';
import {
  CallbackStatus,
  type SiteMapNode,
  type TranslationResult,
  TranslationResultSchema,
} from './commands';
import {
  type DecodedResponse,
  decodeResponse,
  type EncodableCommand,
  encodeCommand,
  parseSiteMap,
  textContent,
  type XmlElement,
} from './xml';

/** Options of {@link createCallbackClient}. */
export interface CallbackClientOptions {
  /**
   * Origin (and path prefix) of the server; `''` calls the page's own origin.
   * @default ''
   */
  baseUrl?: string;
  /**
   * Path of the callback endpoint under `baseUrl`.
   * @default '/callback'
   */
  path?: string;
  /** @default globalThis.fetch */
  fetch?: FetchLike;
  /**
   * The CSRF token to send in `X-CSRF-Token`, or `null` for none.
   * @default reads the `procedo_csrf` cookie from `document.cookie` when there is a document
   */
  getCsrfToken?: () => string | null;
  /** The ajax-in-progress counter to drive (start before, succeed/fail after). @default none */
  ajaxCounter?: AjaxCounter;
  /** The server-communication timeout cookie, refreshed after each successful call. @default none */
  serverTimeout?: ServerTimeoutCookie;
}

/** Options of a raw callback post. */
export interface SendRawOptions extends SendOptions {
  /** @default 'application/xml; charset=utf-8' */
  contentType?: string;
}

/** Options of one callback call. */
export interface SendOptions {
  /**
   * A call the user did not ask for (polling, a timer): sent with `X-Procedo-Background: 1`, so
   * the server does not extend the idle session, and the timeout cookie is not refreshed either.
   * @default false
   */
  background?: boolean;
  /**
   * The instant the page views (`X-Procedo-Timepoint`): the server answers a read as it was then
   * and refuses every other command. @default none (the current data)
   */
  timepoint?: string;
}

/** The callback (XML) client: `POST /callback` with one `Command`, one `Response` back. */
export interface CallbackClient {
  /** Sends a command and returns the decoded `OK` answer; every other answer throws. */
  send(command: EncodableCommand, options?: SendOptions): Promise<DecodedResponse>;
  /**
   * Posts a body exactly as given (an escape hatch for diagnostics and protocol tests), with the
   * same answer handling as {@link CallbackClient.send}.
   */
  sendRaw(body: BodyInit, options?: SendRawOptions): Promise<DecodedResponse>;
  /** `Web.Session` / `KeepAlive`: extends the session; resolves with the new expiry (ISO UTC). */
  keepAlive(): Promise<{ expiresAt: string }>;
  /** `Web.Resources.XmlOfComponentName`: the component's text (its XML, as text). */
  xmlOfComponentName(name: string): Promise<string>;
  /** `Profile.Navigation.SiteMap.Xml`: the profile's navigation tree. */
  siteMap(options?: {
    profileId?: number | string;
    xPathQuery?: string;
    /** The navigation version in force at this instant (a page in time travel). @default now */
    timepoint?: string;
  }): Promise<SiteMapNode[]>;
  /**
   * `Web.Data.XmlOfId` with `ReturnType` `Json`: the record named by `dataId`
   * (`<WebTemplateNo>:<record id>`), checked with `RecordSchema`.
   */
  xmlOfId(dataId: string, options: XmlOfIdOptions & { returnType: 'Json' }): Promise<RecordVersion>;
  /** `Web.Data.XmlOfId` (`ReturnType` `Xml` or absent): the decoded answer; `resultXml` holds `Record`. */
  xmlOfId(dataId: string, options?: XmlOfIdOptions & { returnType?: 'Xml' }): Promise<DecodedResponse>;
  /**
   * Spec §7 "element data as JSON": one element's value of a record — `Web.Data.XmlOfId` with DataId
   * `<WebTemplateNo>:<record id>:<element Name>` and `ReturnType` `Json`, checked with
   * `ElementDataSchema`. An element the user may not see answers like one the form lacks (a
   * `CallbackError`).
   */
  elementData(
    target: { webTemplateNo: number; recordId: number; element: string },
    options?: Pick<XmlOfIdOptions, 'params'>,
  ): Promise<ElementData>;
  /**
   * `wtoElementExecCommand` / `Tab.Select`: remembers the selected tab; `srcElementId` is
   * `<WebTemplateNo>:<tab Name>`. Resolves with the tab name; a refusal is a `CallbackError`
   * whose `serverMessage` is 'Server: Tab Select Error'.
   */
  tabSelect(srcElementId: string): Promise<string>;
  /** `Template.CacheRefresh`: empties the server's cache of form definitions (reload afterwards). */
  templateCacheRefresh(): Promise<void>;
  /**
   * `ToggleBookmarkSelectedRecord`: bookmarks the record (`tableId` = its record form's
   * `WebTemplateNo`) or removes its bookmark; resolves with the new state. A record the user cannot
   * see is a `CallbackError` (nothing stored); at a timepoint the server refuses it.
   */
  toggleBookmark(tableId: number, recordId: number): Promise<BookmarkState>;
  /**
   * `wtoElementExecCommand` / `entity.translation.get`: one text in `LangCode` (the user's language
   * when absent) and its default-language text. A refusal (an unknown language: 'Unknown language')
   * is a `CallbackError`.
   */
  translationGet(key: TranslationRequest): Promise<TranslationResult>;
  /** `wtoElementExecCommand` / `entity.translation.save`: stores the text (empty clears it); the stored state. */
  translationSave(key: TranslationRequest & { translationText: string }): Promise<TranslationResult>;
}

/** What a translation command names (docs/protocol.md "Translations"). */
export interface TranslationRequest {
  commandElementName: string;
  dbEntityId: number;
  parentId: number;
  propertyId: number;
  /** @default the user's language */
  langCode?: string;
}

/** Options of {@link CallbackClient.xmlOfId}. */
export interface XmlOfIdOptions {
  /** @default 'Xml' */
  returnType?: 'Xml' | 'Json';
  /** Extra parameters (`<Params><Param Name="Version">3</Param></Params>`). @default none */
  params?: Readonly<Record<string, string>>;
}

const IsoDateTime = z.iso.datetime({ offset: true });

function findElement(nodes: DecodedResponse['resultXml'], names: readonly string[]): XmlElement | undefined {
  for (const node of nodes) {
    if (typeof node === 'string') continue;
    if (names.includes(node.name)) return node;
    const inner = findElement(node.children, names);
    if (inner) return inner;
  }
  return undefined;
}

/** The expiry in a KeepAlive result: an element `SessionExpiresAt`/`ExpiresAt`, JSON, or text. */
function keepAliveExpiry(response: DecodedResponse, url: string): string {
  const element = findElement(response.resultXml, ['SessionExpiresAt', 'ExpiresAt']);
  let candidate: unknown = element ? textContent(element.children).trim() : response.resultText.trim();
  if (!element && typeof candidate === 'string' && candidate.startsWith('{')) {
    try {
      const json = JSON.parse(candidate) as Record<string, unknown>;
      candidate = json.SessionExpiresAt ?? json.ExpiresAt;
    } catch {
      // not JSON: validated as text below
    }
  }
  const parsed = IsoDateTime.safeParse(candidate, ENGLISH_ISSUES);
  if (!parsed.success) {
    throw new ResponseShapeError({
      issues: parsed.error.issues.map((i) => ({ ...i, path: ['Result', ...i.path] })),
      url,
      method: 'POST',
      bodyText: response.resultText,
    });
  }
  return parsed.data;
}

/** Creates the callback (XML) client. */
export function createCallbackClient(options: CallbackClientOptions = {}): CallbackClient {
  const url = `${(options.baseUrl ?? '').replace(/\/+$/, '')}${options.path ?? '/callback'}`;
  const doFetch = options.fetch ?? globalFetch;
  const getCsrfToken = options.getCsrfToken ?? readCsrfCookie;
  const method = 'POST';

  async function exchange(
    body: BodyInit,
    contentType: string,
    background: boolean,
    timepoint?: string,
  ): Promise<DecodedResponse> {
    const headers: Record<string, string> = { 'Content-Type': contentType, Accept: 'application/xml' };
    if (background) headers[BACKGROUND_HEADER] = '1';
    if (timepoint !== undefined) headers[TIMEPOINT_HEADER] = timepoint;
    const token = getCsrfToken();
    if (token) headers[CSRF_HEADER] = token;

    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, { method, headers, body, credentials: 'same-origin' });
      text = await response.text();
    } catch (cause) {
      throw new NetworkError({ url, method, cause });
    }

    if (isHtmlResponse(response.headers.get('content-type'), text)) {
      throw new HtmlResponseError({ html: text, status: response.status, url, method });
    }
    let decoded: DecodedResponse;
    try {
      decoded = decodeResponse(text);
    } catch (cause) {
      if (!response.ok)
        throw new HttpStatusError({ status: response.status, method, url, bodyText: text, cause });
      if (cause instanceof ResponseShapeError) {
        throw new ResponseShapeError({ issues: cause.issues, bodyText: text, url, method, cause });
      }
      throw cause;
    }
    if (response.status === 500) {
      // spec §8: an HTTP 500 is its own case (alert with ': HTTP 500'), whatever the body says.
      throw new HttpStatusError({
        status: 500,
        method,
        url,
        bodyText: text,
        ...(decoded.message === undefined ? {} : { serverMessage: decoded.message }),
        ...(decoded.exception === undefined ? {} : { exception: decoded.exception }),
      });
    }
    if (decoded.status === CallbackStatus.NotLoggedOn) throw new NotLoggedOnError({ url, method });
    if (decoded.status === CallbackStatus.Error) {
      throw new CallbackError({
        serverMessage: decoded.message ?? 'ERROR',
        ...(decoded.exception === undefined ? {} : { exception: decoded.exception }),
        status: response.status,
        url,
        method,
      });
    }
    if (!response.ok) throw new HttpStatusError({ status: response.status, method, url, bodyText: text });
    return decoded;
  }

  async function tracked(
    body: BodyInit,
    contentType: string,
    background = false,
    timepoint?: string,
  ): Promise<DecodedResponse> {
    options.ajaxCounter?.start();
    try {
      const decoded = await exchange(body, contentType, background, timepoint);
      options.ajaxCounter?.succeed();
      if (!background) options.serverTimeout?.refresh();
      return decoded;
    } catch (error) {
      options.ajaxCounter?.fail();
      throw error;
    }
  }

  const xmlType = 'application/xml; charset=utf-8';
  // Encoded before the counter starts: a command XML cannot carry is the caller's error, not a call.
  const send = async (command: EncodableCommand, sendOptions: SendOptions = {}) =>
    tracked(encodeCommand(command), xmlType, sendOptions.background, sendOptions.timepoint);

  function xmlOfId(dataId: string, o: XmlOfIdOptions & { returnType: 'Json' }): Promise<RecordVersion>;
  function xmlOfId(dataId: string, o?: XmlOfIdOptions & { returnType?: 'Xml' }): Promise<DecodedResponse>;
  async function xmlOfId(
    dataId: string,
    xmlOptions: XmlOfIdOptions = {},
  ): Promise<RecordVersion | DecodedResponse> {
    const response = await send({
      CommandType: 'Web.Data.XmlOfId',
      DataId: dataId,
      ReturnType: xmlOptions.returnType,
      Params: xmlOptions.params,
    });
    if (xmlOptions.returnType !== 'Json') return response;
    return jsonResult(RecordSchema, response);
  }

  /** A Result that is JSON text, checked with `schema`. */
  function jsonResult<T>(schema: z.ZodMiniType<T>, response: DecodedResponse): T {
    let json: unknown;
    try {
      json = JSON.parse(response.resultText);
    } catch (cause) {
      throw new ResponseShapeError({
        issues: [{ code: 'invalid_json', path: ['Result'], message: 'the Result is not JSON' }],
        bodyText: response.resultText,
        url,
        method,
        cause,
      });
    }
    const parsed = schema.safeParse(json, ENGLISH_ISSUES);
    if (!parsed.success) {
      throw new ResponseShapeError({
        issues: parsed.error.issues.map((i) => ({ ...i, path: ['Result', ...i.path] })),
        bodyText: response.resultText,
        url,
        method,
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  return {
    send,
    sendRaw: (body, rawOptions = {}) =>
      tracked(body, rawOptions.contentType ?? xmlType, rawOptions.background),
    async keepAlive() {
      const response = await send({ CommandType: 'Web.Session', CommandName: 'KeepAlive' });
      return { expiresAt: keepAliveExpiry(response, url) };
    },
    async xmlOfComponentName(name) {
      const response = await send({ CommandType: 'Web.Resources.XmlOfComponentName', ComponentName: name });
      return response.resultText;
    },
    async siteMap(siteMapOptions = {}) {
      const response = await send(
        {
          CommandType: 'Profile.Navigation.SiteMap.Xml',
          ProfileId: siteMapOptions.profileId === undefined ? undefined : String(siteMapOptions.profileId),
          xPathQuery: siteMapOptions.xPathQuery,
        },
        siteMapOptions.timepoint === undefined ? {} : { timepoint: siteMapOptions.timepoint },
      );
      try {
        return parseSiteMap(response);
      } catch (cause) {
        if (cause instanceof ResponseShapeError) {
          throw new ResponseShapeError({
            issues: cause.issues,
            bodyText: response.resultText,
            url,
            method,
            cause,
          });
        }
        throw cause;
      }
    },
    xmlOfId,
    async elementData({ webTemplateNo, recordId, element }, dataOptions = {}) {
      const response = await send({
        CommandType: 'Web.Data.XmlOfId',
        DataId: `${webTemplateNo}:${recordId}:${element}`,
        ReturnType: 'Json',
        Params: dataOptions.params,
      });
      return jsonResult(ElementDataSchema, response);
    },
    async tabSelect(srcElementId) {
      const response = await send({
        CommandType: 'wtoElementExecCommand',
        CommandName: 'Tab.Select',
        SrcElementID: srcElementId,
      });
      return response.resultText;
    },
    async templateCacheRefresh() {
      await send({ CommandType: 'Template.CacheRefresh' });
    },
    async toggleBookmark(tableId, recordId) {
      const response = await send({
        CommandType: 'ToggleBookmarkSelectedRecord',
        BookmarkTableId: String(tableId),
        BookmarkRecordId: String(recordId),
      });
      const element = findElement(response.resultXml, ['Bookmark']);
      const parsed = BookmarkStateSchema.safeParse(
        element
          ? {
              TableId: Number(element.attributes.TableId),
              RecordId: Number(element.attributes.RecordId),
              Selected:
                element.attributes.Selected === 'true'
                  ? true
                  : element.attributes.Selected === 'false'
                    ? false
                    : element.attributes.Selected,
            }
          : undefined,
        ENGLISH_ISSUES,
      );
      if (!parsed.success) {
        throw new ResponseShapeError({
          issues: parsed.error.issues.map((i) => ({ ...i, path: ['Result', 'Bookmark', ...i.path] })),
          bodyText: response.resultText,
          url,
          method,
          cause: parsed.error,
        });
      }
      return parsed.data;
    },
    async translationGet(key) {
      const response = await send({
        CommandType: 'wtoElementExecCommand',
        CommandName: 'entity.translation.get',
        ...translationFields(key),
      });
      return jsonResult(TranslationResultSchema, response);
    },
    async translationSave(key) {
      const response = await send({
        CommandType: 'wtoElementExecCommand',
        CommandName: 'entity.translation.save',
        ...translationFields(key),
        TranslationText: key.translationText,
      });
      return jsonResult(TranslationResultSchema, response);
    },
  };
}

function translationFields(key: TranslationRequest) {
  return {
    CommandElementName: key.commandElementName,
    DbEntityId: String(key.dbEntityId),
    ParentId: String(key.parentId),
    PropertyId: String(key.propertyId),
    LangCode: key.langCode,
  };
}
