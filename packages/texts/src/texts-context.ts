import { createContext, createElement, type ReactNode, useContext, useMemo } from 'react';

/**
 * The catalogue type of every Procedo package, by namespace. Each package adds its own entry by
 * declaration merging (`declare module '@procedo/texts' { interface ProcedoTextCatalogues { forms: FormsTexts } }`),
 * so {@link ProcedoTexts} checks the overrides of every package an app imports, and of no other.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each package through declaration merging
export interface ProcedoTextCatalogues {}

// biome-ignore lint/suspicious/noExplicitAny: any function type, whatever its parameters
type AnyFunction = (...args: any[]) => unknown;

/** Overrides of one catalogue: any key of any section may be left out (it stays English). */
export type TextOverrides<T> = {
  [K in keyof T]?: T[K] extends string | AnyFunction ? T[K] : T[K] extends object ? Partial<T[K]> : T[K];
};

/** Overrides of every registered catalogue, by namespace (`forms`, `process`, `session`, `messages`, …). */
export type ProcedoTextOverrides = {
  [N in keyof ProcedoTextCatalogues]?: TextOverrides<ProcedoTextCatalogues[N]>;
};

type Catalogue = Readonly<Record<string, unknown>>;

interface TextsValue {
  locale: string;
  texts: Readonly<Record<string, Catalogue | undefined>>;
}

const TextsContext = createContext<TextsValue>({ locale: 'en', texts: {} });

function isSection(value: unknown): value is Catalogue {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withDefined(base: Catalogue, overrides: Catalogue): Catalogue {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) if (value !== undefined) merged[key] = value;
  return merged;
}

/**
 * The catalogue `base` with `overrides` laid over it, one level of sections deep: a key the
 * overrides leave out (or set to `undefined`) keeps the base's text, so a missing translation
 * falls back to English.
 */
export function mergeTexts<T extends object>(base: T, overrides: TextOverrides<T> | undefined): T {
  if (!overrides) return base;
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    const current = merged[key];
    merged[key] = isSection(current) && isSection(value) ? withDefined(current, value) : value;
  }
  return merged as T;
}

/** Props of {@link ProcedoTexts}. */
export interface ProcedoTextsProps {
  /**
   * The language of the texts (a BCP 47 tag such as `de`); read with {@link useTextsLocale}.
   * @default the enclosing provider's locale, or 'en'
   */
  locale?: string;
  /** Texts to use instead of the English ones, by package namespace; missing keys stay English. */
  texts?: ProcedoTextOverrides;
  children?: ReactNode;
}

/**
 * The one provider of texts for every Procedo package: `forms` (forms-react), `process`
 * (process-react), `session` (session/react) and `messages` (client-api's §8 messages as the
 * components show them). Providers nest: an inner one lays its texts over the outer one's.
 *
 * @example
 * const de = await loadGerman(); // e.g. import('@procedo/forms-react/locales/de')
 * <ProcedoTexts locale="de" texts={{ forms: de.forms, messages: { saveFailed: '…' } }}>…</ProcedoTexts>
 */
export function ProcedoTexts({ locale, texts, children }: ProcedoTextsProps) {
  const outer = useContext(TextsContext);
  const value = useMemo<TextsValue>(() => {
    const merged: Record<string, Catalogue | undefined> = { ...outer.texts };
    for (const [namespace, overrides] of Object.entries(texts ?? {})) {
      if (!isSection(overrides)) continue;
      const current = merged[namespace];
      merged[namespace] = current ? mergeTexts(current, overrides) : overrides;
    }
    return { locale: locale ?? outer.locale, texts: merged };
  }, [outer, locale, texts]);
  return createElement(TextsContext.Provider, { value }, children);
}

/** The locale of the nearest {@link ProcedoTexts} ('en' without one). */
export function useTextsLocale(): string {
  return useContext(TextsContext).locale;
}

const mergedByOverrides = new WeakMap<object, unknown>();

/**
 * A package's catalogue as the nearest provider gives it: the English `english` with the
 * overrides of `namespace` laid over it. Each package wraps it in its own hook
 * (`useFormsTexts()`). The merged catalogue is made once per overrides object, so every component
 * of a page reads the same object.
 */
export function useCatalogue<N extends keyof ProcedoTextCatalogues>(
  namespace: N,
  english: ProcedoTextCatalogues[N],
): ProcedoTextCatalogues[N] {
  type T = ProcedoTextCatalogues[N];
  const overrides = useContext(TextsContext).texts[namespace as string];
  if (!overrides) return english;
  const cached = mergedByOverrides.get(overrides);
  if (cached !== undefined) return cached as T;
  const merged: T = mergeTexts(english as T & object, overrides as TextOverrides<T & object>);
  mergedByOverrides.set(overrides, merged);
  return merged;
}
