import {
  type KeyboardEvent,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useFormsTexts, useMessages } from '../../i18n/texts';
import { TranslateGroup } from '../../translation/TranslateButton';
import { labelTarget } from '../../translation/translation-target';
import { useFormRendererContext } from '../hooks/form-context';
import type { FieldComponentProps } from '../registry';
import type { ElementOf } from '../state/elements';
import { FormElements } from './FormElements';

type TabDefinition = ElementOf<'tabs'>['Tabs'][number];

/**
 * A tab strip: the WAI-ARIA tabs pattern with automatic activation, in plain React. ArrowRight and
 * ArrowLeft move to the next and previous tab (wrapping; swapped where the page reads right to
 * left), Home and End to the first and last; moving to a tab selects it. Only the selected tab is
 * in the Tab order, and only its panel is mounted, so hidden tabs cost nothing until opened; their
 * values stay in the store. Selecting a tab calls `onTabSelect` (not for the tab shown at first);
 * if that fails, the spec's 'Server: Tab Select Error' shows in an inline alert. Tabs hidden by
 * permissions are left out; when the selected one is hidden, the first visible tab is selected.
 *
 * The arrows follow the reading direction the strip is laid out in (the `dir` around it, which
 * Procedo's dialogs set from the `I18nProvider` locale). It imports no react-aria code, so it loads
 * with the form: react-aria's locale detection is the page's first `Intl` call, which forms without
 * other react-aria widgets don't pay for (bench/form-bench.mjs).
 */
export const TabsField = memo(function TabsField({ element, store }: FieldComponentProps<ElementOf<'tabs'>>) {
  if (store.isHidden(element.Name)) return null;
  const tabs = element.Tabs.filter((tab) => !store.isHidden(tab.Name));
  if (tabs.length === 0) return null;
  return <TabStrip element={element} tabs={tabs} />;
});

// Mounted while the strip shows at least one tab: hiding the whole strip forgets its selection,
// and showing it again starts at its first tab without a tab select call.
function TabStrip({ element, tabs }: { element: ElementOf<'tabs'>; tabs: readonly TabDefinition[] }) {
  const { onTabSelect } = useFormRendererContext();
  const messages = useMessages();
  const { translation } = useFormsTexts();
  const [failed, setFailed] = useState(false);
  const [selectedName, setSelectedName] = useState(() => tabs[0]?.Name ?? '');
  const idPrefix = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const calls = useRef(0);
  const selected = tabs.find((tab) => tab.Name === selectedName) ?? tabs[0];
  // Stable across the tabs' order, for the tab–panel links.
  const idOf = (tab: TabDefinition, part: 'tab' | 'panel') =>
    `${idPrefix}${part}${element.Tabs.indexOf(tab)}`;

  const select = useCallback(
    (tabName: string) => {
      setSelectedName(tabName);
      setFailed(false);
      const call = ++calls.current;
      if (!onTabSelect) return;
      Promise.resolve()
        .then(() => onTabSelect({ tabName, tabsName: element.Name }))
        .catch(() => {
          // Only the latest selection's outcome shows.
          if (call === calls.current) setFailed(true);
        });
    },
    [onTabSelect, element.Name],
  );

  // The selected tab was hidden (a store with other permissions): the first visible one takes over.
  const selectedNow = selected?.Name;
  useEffect(() => {
    if (selectedNow !== undefined && selectedNow !== selectedName) select(selectedNow);
  }, [selectedNow, selectedName, select]);

  if (!selected) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    // Modified arrows are the browser's (Alt+ArrowLeft goes back) or the screen reader's.
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const forward = event.currentTarget.matches(':dir(rtl)') ? -1 : 1;
    const last = tabs.length - 1;
    let target: number;
    if (event.key === 'ArrowRight') target = index + forward;
    else if (event.key === 'ArrowLeft') target = index - forward;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = last;
    else return;
    event.preventDefault();
    const wrapped = target < 0 ? last : target > last ? 0 : target;
    listRef.current?.querySelectorAll<HTMLElement>(':scope > [role="tab"]')[wrapped]?.focus();
    const next = tabs[wrapped];
    if (next && next !== selected) select(next.Name);
  };

  return (
    <div className="procedo-Field procedo-Field-tabs" data-name={element.Name}>
      {failed ? (
        <div className="procedo-InlineAlert" role="alert" data-type="error">
          {messages.tabSelectError}
        </div>
      ) : null}
      <TranslateGroup
        label={translation.tabs(element.Label)}
        targets={(no) => tabs.map((tab) => labelTarget(no, tab.Name, tab.Label))}
      />
      <div className="procedo-Tabs">
        <div ref={listRef} className="procedo-TabList" role="tablist" aria-label={element.Label}>
          {tabs.map((tab, index) => {
            const isSelected = tab === selected;
            return (
              <button
                key={tab.Name}
                type="button"
                role="tab"
                id={idOf(tab, 'tab')}
                className="procedo-Tab"
                data-name={tab.Name}
                data-selected={isSelected || undefined}
                aria-selected={isSelected}
                // Only the selected tab's panel exists.
                aria-controls={isSelected ? idOf(tab, 'panel') : undefined}
                tabIndex={isSelected ? 0 : -1}
                onClick={() => {
                  if (!isSelected) select(tab.Name);
                }}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                {tab.Label}
              </button>
            );
          })}
        </div>
        <TabPanel key={selected.Name} id={idOf(selected, 'panel')} labelledBy={idOf(selected, 'tab')}>
          <FormElements elements={selected.Elements} />
        </TabPanel>
      </div>
    </div>
  );
}

const TABBABLE =
  'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled), ' +
  'button:not(:disabled), a[href], [tabindex]:not([tabindex="-1"]), [contenteditable]:not([contenteditable="false"])';

/**
 * The selected tab's panel. It is a Tab stop of its own only while nothing in it is (the tabs
 * pattern): from the tab, Tab goes straight to the panel's first field.
 */
function TabPanel({ id, labelledBy, children }: { id: string; labelledBy: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [hasTabbable, setHasTabbable] = useState(false);
  useLayoutEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    const check = () => setHasTabbable(panel.querySelector(TABBABLE) !== null);
    check();
    // Fields that load their widget on first use arrive later.
    const observer = new MutationObserver(check);
    observer.observe(panel, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled', 'tabindex', 'href', 'contenteditable', 'type'],
    });
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      role="tabpanel"
      id={id}
      aria-labelledby={labelledBy}
      className="procedo-TabPanel"
      tabIndex={hasTabbable ? undefined : 0}
    >
      {children}
    </div>
  );
}
