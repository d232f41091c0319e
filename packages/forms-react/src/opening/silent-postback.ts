import { type FieldValues, Messages } from '@procedo/client-api';
import { DEFAULT_POPUP_SIZE, formatPopupFeatures } from './open-target';
import { findParentDataSource, type LinkedWindow, registerDataSource } from './parent-data-source';

/** The query parameter that names the posted values on the opener (a host route reads it). */
export const SILENT_POSTBACK_PARAM = 'a_postback';

/** The window a silent postback needs: `open`, its address and its screen. */
export interface PostbackWindow {
  open(url: string, target: string, features: string): unknown;
  readonly location: { readonly href: string };
  readonly screen?: { readonly availWidth?: number; readonly availHeight?: number };
}

/** Options of {@link silentPostback}. */
export interface SilentPostbackOptions {
  /** The page (same origin) that receives the values, e.g. `/form?WebTemplateNo=102`. */
  url: string;
  /** The values posted. */
  values: FieldValues;
  /** The popup's window name. @default 'procedo_postback' */
  windowName?: string;
}

/** What a silent postback did: the popup, or the §8 message when no window could be made. */
export type SilentPostbackResult = { ok: true; popup: unknown; key: string } | { ok: false; message: string };

let counter = 0;

/**
 * Spec §7's silent postback: the page's values are posted into a popup (default size 600x400,
 * centred) instead of the page itself, which stays as it is. The values stay on this window under
 * a one-off key that the popup's address carries (`a_postback`); the popup reads them with
 * {@link readSilentPostback}. A browser that blocks the popup gets spec §8's 'Silent Postback:
 * Template save failed to create a window' (and the values are dropped again).
 */
export function silentPostback(win: PostbackWindow, options: SilentPostbackOptions): SilentPostbackResult {
  counter += 1;
  const key = `postback-${Date.now().toString(36)}-${counter}`;
  const remove = registerDataSource(
    win,
    key,
    Object.freeze({ Values: Object.freeze({ ...options.values }) }),
  );
  const target = new URL(options.url, win.location.href);
  target.searchParams.set(SILENT_POSTBACK_PARAM, key);
  const { width, height } = DEFAULT_POPUP_SIZE;
  const features = formatPopupFeatures({
    width,
    height,
    left: Math.max(0, Math.floor(((win.screen?.availWidth ?? width) - width) / 2)),
    top: Math.max(0, Math.floor(((win.screen?.availHeight ?? height) - height) / 2)),
  });
  let popup: unknown = null;
  try {
    popup = win.open(
      `${target.pathname}${target.search}${target.hash}`,
      options.windowName ?? 'procedo_postback',
      features,
    );
  } catch {
    popup = null;
  }
  if (!popup) {
    remove();
    return { ok: false, message: Messages.silentPostbackNoWindow };
  }
  return { ok: true, popup, key };
}

/**
 * The values a silent postback sent to this window (its opener holds them under `key`), or `null`
 * when the opener is gone, was reloaded, or holds nothing under that key.
 */
export function readSilentPostback(win: LinkedWindow, key: string): FieldValues | null {
  try {
    const posted = findParentDataSource<unknown>(win, key);
    if (typeof posted !== 'object' || posted === null) return null;
    const values = (posted as { Values?: unknown }).Values;
    return typeof values === 'object' && values !== null ? { ...(values as FieldValues) } : null;
  } catch {
    return null;
  }
}
