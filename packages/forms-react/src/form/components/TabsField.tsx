import { memo, useState } from 'react';
import type { Key } from 'react-aria-components';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useFormsTexts, useMessages } from '../../i18n/texts';
import { TranslateGroup } from '../../translation/TranslateButton';
import { labelTarget } from '../../translation/translation-target';
import { useFormRendererContext } from '../hooks/form-context';
import type { FieldComponentProps } from '../registry';
import type { ElementOf } from '../state/elements';
import { FormElements } from './FormElements';

/**
 * A tab strip (react-aria-components `Tabs`). Selecting a tab calls `onTabSelect`; if that fails,
 * the spec's 'Server: Tab Select Error' shows in an inline alert. Only the selected tab's panel is
 * mounted, so hidden tabs cost nothing until opened; their values stay in the store.
 */
export const TabsField = memo(function TabsField({ element, store }: FieldComponentProps<ElementOf<'tabs'>>) {
  const { onTabSelect } = useFormRendererContext();
  const messages = useMessages();
  const { translation } = useFormsTexts();
  const [failed, setFailed] = useState(false);
  if (store.isHidden(element.Name)) return null;
  const tabs = element.Tabs.filter((tab) => !store.isHidden(tab.Name));
  if (tabs.length === 0) return null;

  const onSelectionChange = (key: Key) => {
    setFailed(false);
    if (!onTabSelect) return;
    const tabName = String(key);
    Promise.resolve()
      .then(() => onTabSelect({ tabName, tabsName: element.Name }))
      .catch(() => setFailed(true));
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
      <Tabs className="procedo-Tabs" defaultSelectedKey={tabs[0]?.Name} onSelectionChange={onSelectionChange}>
        <TabList className="procedo-TabList" aria-label={element.Label}>
          {tabs.map((tab) => (
            <Tab key={tab.Name} id={tab.Name} className="procedo-Tab" data-name={tab.Name}>
              {tab.Label}
            </Tab>
          ))}
        </TabList>
        {tabs.map((tab) => (
          <TabPanel key={tab.Name} id={tab.Name} className="procedo-TabPanel">
            <FormElements elements={tab.Elements} />
          </TabPanel>
        ))}
      </Tabs>
    </div>
  );
});
