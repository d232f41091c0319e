import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { useFormsTexts } from '../i18n/texts';
import type { FieldLabels } from './labels';

/** Spec §9: the width of the side panel when unpinned, in px. */
export const UNPINNED_PANEL_WIDTH = 350;

/** The local storage key of a page's hidden flag. */
export const panelHiddenStorageKey = (pageKey: string) => `procedo:panel-hidden:${pageKey}`;

/** The part of `Storage` the side panel uses. */
export type PanelStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Props of {@link SidePanel}. */
export interface SidePanelProps {
  /** The page the hidden flag belongs to (spec §4: remembered per page). */
  pageKey: string;
  /** The panel's heading and accessible name. */
  title: string;
  children: ReactNode;
  /** Where the hidden flag is kept; `null` keeps it in memory only. @default window.localStorage */
  storage?: PanelStorage | null;
  /** Whether the panel starts pinned. @default true */
  defaultPinned?: boolean;
  /** Called when the user pins or unpins the panel. */
  onPinnedChange?(isPinned: boolean): void;
  /** Texts to override. @default FIELD_LABELS */
  labels?: Partial<FieldLabels>;
}

const defaultStorage = (): PanelStorage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage access throws where cookies are blocked.
    return null;
  }
};

function readHidden(storage: PanelStorage | null, pageKey: string): boolean {
  try {
    return storage?.getItem(panelHiddenStorageKey(pageKey)) === '1';
  } catch {
    return false;
  }
}

function writeHidden(storage: PanelStorage | null, pageKey: string, isHidden: boolean) {
  try {
    if (isHidden) storage?.setItem(panelHiddenStorageKey(pageKey), '1');
    else storage?.removeItem(panelHiddenStorageKey(pageKey));
  } catch {
    // A full or blocked storage only loses the memory, never the panel.
  }
}

/**
 * The pin/unpin side panel. Pinned, it is part of the page layout. Unpinned, it floats over the
 * page's inline-end edge, 350 px wide (place it in a positioned container), and can be hidden and
 * shown; the hidden flag is remembered per page in local storage under
 * `procedo:panel-hidden:<pageKey>`. A hidden panel keeps its content mounted. Escape hides an
 * unpinned panel.
 */
export function SidePanel({
  pageKey,
  title,
  children,
  storage: storageOption,
  defaultPinned = true,
  onPinnedChange,
  labels: labelOverrides,
}: SidePanelProps) {
  const labels = { ...useFormsTexts().fields, ...labelOverrides };
  const storage = storageOption === undefined ? defaultStorage() : storageOption;
  const id = useId();
  const [isPinned, setIsPinned] = useState(defaultPinned);
  const [hidden, setHidden] = useState(() => ({ pageKey, isHidden: readHidden(storage, pageKey) }));
  // A new page reads its own flag (state adjusted during render, as React recommends).
  if (hidden.pageKey !== pageKey) setHidden({ pageKey, isHidden: readHidden(storage, pageKey) });
  const isHidden = !isPinned && hidden.pageKey === pageKey && hidden.isHidden;

  const setPanelHidden = (next: boolean) => {
    writeHidden(storage, pageKey, next);
    setHidden({ pageKey, isHidden: next });
  };
  const togglePinned = () => {
    const next = !isPinned;
    setIsPinned(next);
    onPinnedChange?.(next);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !isPinned) {
      event.stopPropagation();
      setPanelHidden(true);
    }
  };

  return (
    <>
      {isHidden ? (
        <button
          type="button"
          className="procedo-SidePanel-show"
          aria-expanded={false}
          aria-controls={`${id}-panel`}
          onClick={() => setPanelHidden(false)}
        >
          {labels.show(title)}
        </button>
      ) : null}
      <section
        id={`${id}-panel`}
        className="procedo-SidePanel"
        aria-labelledby={`${id}-title`}
        data-pinned={isPinned || undefined}
        data-unpinned={!isPinned || undefined}
        data-hidden={isHidden || undefined}
        hidden={isHidden}
        onKeyDown={onKeyDown}
        style={
          isPinned
            ? undefined
            : {
                position: 'absolute',
                insetBlock: 0,
                insetInlineEnd: 0,
                width: UNPINNED_PANEL_WIDTH,
                zIndex: 10,
              }
        }
      >
        <div className="procedo-SidePanel-header">
          <h2 className="procedo-SidePanel-title" id={`${id}-title`}>
            {title}
          </h2>
          <button
            type="button"
            className="procedo-SidePanel-pin"
            aria-pressed={isPinned}
            onClick={togglePinned}
          >
            {labels.pin}
          </button>
          {isPinned ? null : (
            <button
              type="button"
              className="procedo-SidePanel-hide"
              aria-expanded={true}
              aria-controls={`${id}-panel`}
              onClick={() => setPanelHidden(true)}
            >
              {labels.hide}
            </button>
          )}
        </div>
        <div className="procedo-SidePanel-body">{children}</div>
      </section>
    </>
  );
}
