/**
 * Where and how big a form opens (spec §2 "How forms open", §9 sizes). Pure: no React, no window;
 * the browser service (`form-opener.ts`) feeds it the window and screen sizes.
 */

/** The named sizes of spec §2; docs/opening-forms.md says what each means. */
export type OpenSizeKeyword = 'max' | 'max2' | 'max3' | 'max4' | 'max_m' | 'max_m100';

/** A size in CSS pixels. */
export interface OpenSizePixels {
  width: number;
  height: number;
}

/** A named size or a size in pixels. */
export type OpenSize = OpenSizeKeyword | OpenSizePixels;

/** What to open and where. */
export interface OpenRequest {
  /** The address of the page (relative to the current page, or absolute http/https). */
  url: string;
  /**
   * Where it opens: `''`, `_blank` or `_popup` a popup window; `_tab` or a name starting or ending
   * with `_tab` a tab; a name ending with `_dialog` a dialog; `_self`, `_top`, `_parent` (also as
   * suffixes); any other name a named frame or window.
   * @default ''
   */
  target?: string;
  /**
   * The size of a popup or a dialog; ignored for the other targets.
   * @default popup 600×400, dialog the window size minus 20
   */
  size?: OpenSize;
  /**
   * The title bar text of a dialog.
   * @default ''
   */
  title?: string;
  /**
   * Whether a dialog blocks the page below it; process steps open non-modal dialogs (spec §2).
   * @default true
   */
  isModal?: boolean;
}

/** The sizes the opener needs, in CSS pixels. */
export interface OpenEnvironment {
  /** The opening window's inner width. */
  windowWidth: number;
  /** The opening window's inner height. */
  windowHeight: number;
  /** The screen width, for centring popups (spec §9: positions come from the screen size). */
  screenWidth: number;
  /** The screen height. */
  screenHeight: number;
}

/** The `window.open` features of a popup. */
export interface PopupFeatures {
  width: number;
  height: number;
  left: number;
  top: number;
}

/** A popup window: `window.open(url, name, features)`. */
export interface PopupTarget {
  kind: 'popup';
  url: string;
  name: string;
  features: PopupFeatures;
}

/** A browser tab: `window.open(url, name)` with no features. */
export interface TabTarget {
  kind: 'tab';
  url: string;
  name: string;
}

/** An in-page dialog hosting the page in an iframe. */
export interface DialogTarget {
  kind: 'dialog';
  url: string;
  width: number;
  height: number;
  title: string;
  isModal: boolean;
}

/** The current window, its top window, or its parent window. */
export interface WindowTarget {
  kind: 'self' | 'top' | 'parent';
  url: string;
}

/** A named frame (or a window of that name). */
export interface FrameTarget {
  kind: 'frame';
  url: string;
  name: string;
}

/** Where a request opens, resolved: one of the targets of spec §2. */
export type OpenTarget = PopupTarget | TabTarget | DialogTarget | WindowTarget | FrameTarget;

/** Spec §9: the default popup size. */
export const DEFAULT_POPUP_SIZE: Readonly<OpenSizePixels> = Object.freeze({ width: 600, height: 400 });
/** Spec §9: popups keep this margin inside the opening window, on every side. */
export const POPUP_MARGIN = 40;
/** Spec §9: the default dialog is the window size minus this, and no dialog is larger. */
export const DIALOG_WINDOW_INSET = 20;
/** Spec §9 / contract: the entity-view filter editor always opens as an 800×400 popup. */
export const FILTER_EDITOR_POPUP_SIZE: Readonly<OpenSizePixels> = Object.freeze({ width: 800, height: 400 });
/** No popup or dialog is made smaller than this on either side, however small the window. */
export const MIN_OPEN_SIZE = 100;

const SIZE_KEYWORDS: readonly OpenSizeKeyword[] = ['max', 'max2', 'max3', 'max4', 'max_m', 'max_m100'];

/**
 * Reads a size as a server attribute writes it: a keyword (`max`, `max2`, … any case) or
 * `WIDTHxHEIGHT` (`800x400`, `800,400`). Anything else gives `undefined`, which means the default.
 *
 * @example parseOpenSize('800x400') // { width: 800, height: 400 }
 */
export function parseOpenSize(text: string | null | undefined): OpenSize | undefined {
  const value = (text ?? '').trim().toLowerCase();
  if ((SIZE_KEYWORDS as readonly string[]).includes(value)) return value as OpenSizeKeyword;
  const match = /^(\d{1,5})\s*[x×,]\s*(\d{1,5})$/.exec(value);
  if (!match) return undefined;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

/** The area a popup or dialog may fill, and the size it has when none is asked for. */
function areaOf(kind: 'popup' | 'dialog', env: OpenEnvironment): OpenSizePixels {
  const inset = kind === 'popup' ? 2 * POPUP_MARGIN : DIALOG_WINDOW_INSET;
  return { width: env.windowWidth - inset, height: env.windowHeight - inset };
}

function sizeOf(kind: 'popup' | 'dialog', size: OpenSize | undefined, env: OpenEnvironment): OpenSizePixels {
  const area = areaOf(kind, env);
  let wanted: OpenSizePixels;
  switch (size) {
    case undefined:
      wanted = kind === 'popup' ? DEFAULT_POPUP_SIZE : area;
      break;
    case 'max':
      wanted = area;
      break;
    case 'max2':
      wanted = { width: area.width / 2, height: area.height };
      break;
    case 'max3':
      wanted = { width: (area.width * 2) / 3, height: area.height };
      break;
    case 'max4':
      wanted = { width: (area.width * 3) / 4, height: area.height };
      break;
    case 'max_m':
      wanted = {
        width: env.windowWidth - DIALOG_WINDOW_INSET,
        height: env.windowHeight - DIALOG_WINDOW_INSET,
      };
      break;
    case 'max_m100':
      wanted = { width: env.windowWidth - 100, height: env.windowHeight - 100 };
      break;
    default:
      wanted = size;
  }
  // Spec §2/§9: popups fit within the window with a 40 px margin; dialogs within window − 20.
  return {
    width: Math.max(MIN_OPEN_SIZE, Math.floor(Math.min(wanted.width, area.width))),
    height: Math.max(MIN_OPEN_SIZE, Math.floor(Math.min(wanted.height, area.height))),
  };
}

/**
 * Resolves where and how big a request opens (spec §2 "How forms open"). The rules are tried in
 * this order on the trimmed target, ignoring case: empty, `_blank` or `_popup` → popup (a new
 * window each time); ends with `_dialog` → dialog; starts or ends with `_tab` → tab; starts with
 * `_blank` → popup of that name; is or ends with `_self`, `_top`, `_parent` → that window; any
 * other name → the frame or window of that name.
 *
 * @example
 * resolveOpenRequest({ url: '/form?WebTemplateNo=7', size: 'max2' }, env)
 * // { kind: 'popup', name: '_blank', features: { width, height, left, top }, url }
 */
export function resolveOpenRequest(request: OpenRequest, env: OpenEnvironment): OpenTarget {
  const { url } = request;
  const name = (request.target ?? '').trim();
  const target = name.toLowerCase();

  if (target === '' || target === '_blank' || target === '_popup')
    return popup(url, '_blank', request.size, env);
  if (target.endsWith('_dialog')) {
    const { width, height } = sizeOf('dialog', request.size, env);
    return {
      kind: 'dialog',
      url,
      width,
      height,
      title: request.title ?? '',
      isModal: request.isModal ?? true,
    };
  }
  // A bare `_tab` is a new tab each time; a longer name is a named tab that later opens reuse.
  if (target === '_tab') return { kind: 'tab', url, name: '_blank' };
  if (target.startsWith('_tab') || target.endsWith('_tab')) return { kind: 'tab', url, name };
  if (target.startsWith('_blank')) return popup(url, name, request.size, env);
  for (const kind of ['self', 'top', 'parent'] as const) {
    if (target === `_${kind}` || target.endsWith(`_${kind}`)) return { kind, url };
  }
  return { kind: 'frame', url, name };
}

function popup(url: string, name: string, size: OpenSize | undefined, env: OpenEnvironment): PopupTarget {
  const { width, height } = sizeOf('popup', size, env);
  return {
    kind: 'popup',
    url,
    name,
    features: {
      width,
      height,
      // Spec §9: default popup positions are computed from the screen size.
      left: Math.max(0, Math.floor((env.screenWidth - width) / 2)),
      top: Math.max(0, Math.floor((env.screenHeight - height) / 2)),
    },
  };
}

/**
 * Formats popup features as the `window.open` features string.
 *
 * @example formatPopupFeatures({ width: 600, height: 400, left: 660, top: 340 })
 * // 'popup=yes,width=600,height=400,left=660,top=340,resizable=yes,scrollbars=yes'
 */
export function formatPopupFeatures(features: PopupFeatures): string {
  const { width, height, left, top } = features;
  return `popup=yes,width=${width},height=${height},left=${left},top=${top},resizable=yes,scrollbars=yes`;
}

/**
 * Builds the request for a process step's page (spec §2): it opens per the step's
 * `UrlToOpenTarget` (`_top`, `_parent`, `_tab…`, `_blank…`, or a `…_dialog` target), and a dialog
 * is titled with the step name and is not modal.
 */
export function processStepOpenRequest(step: {
  url: string;
  urlToOpenTarget?: string | null;
  stepName: string;
  size?: OpenSize;
}): OpenRequest {
  return {
    url: step.url,
    target: step.urlToOpenTarget ?? '',
    title: step.stepName,
    isModal: false,
    ...(step.size === undefined ? {} : { size: step.size }),
  };
}

/**
 * Whether a URL is safe to open: relative, `http:` or `https:`, or `about:blank`. A `javascript:`
 * or `data:` address would run script with the opener's rights, so the opener refuses it.
 */
export function isSafeOpenUrl(url: string, baseUrl: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, baseUrl);
  } catch {
    return false;
  }
  if (parsed.href === 'about:blank') return true;
  return parsed.protocol === 'http:' || parsed.protocol === 'https:';
}
