import {
  type PanelStorage,
  panelHiddenStorageKey,
  SidePanel,
  type SidePanelProps,
} from '@procedo/forms-react';
import type { Meta, StoryObj } from '@storybook/react-vite';

/** A fresh in-memory storage per story, so stories never share or keep state. */
function memoryStorage(hiddenPages: string[] = []): PanelStorage {
  const entries = new Map(hiddenPages.map((page) => [panelHiddenStorageKey(page), '1']));
  return {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => {
      entries.set(key, value);
    },
    removeItem: (key) => {
      entries.delete(key);
    },
  };
}

function PageWithPanel(props: Omit<SidePanelProps, 'children'>) {
  return (
    <div
      style={{ position: 'relative', display: 'flex', gap: 16, minHeight: 320, border: '1px dashed #999' }}
    >
      <main style={{ flex: 1, padding: 16 }}>
        <h1 style={{ marginTop: 0 }}>Supplier</h1>
        <p>The form content. An unpinned panel floats over this area, 350 px wide.</p>
      </main>
      <SidePanel {...props}>
        <ul>
          <li>Open deviations: 3</li>
          <li>Last audit: 2024-03-09</li>
        </ul>
      </SidePanel>
    </div>
  );
}

const meta = {
  title: 'forms-react/Chrome/SidePanel',
  component: PageWithPanel,
  args: { pageKey: 'supplier-form', title: 'Related' },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof PageWithPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Pinned: part of the layout. */
export const Pinned: Story = { args: { storage: memoryStorage() } };

/** Unpinned: a 350 px overlay with a hide button. */
export const Unpinned: Story = { args: { storage: memoryStorage(), defaultPinned: false } };

/** Unpinned and hidden (the page's remembered flag): only the show button. */
export const Hidden: Story = {
  args: { storage: memoryStorage(['supplier-form']), defaultPinned: false },
};

/** Right-to-left: the overlay sits on the left edge. */
export const RightToLeft: Story = {
  args: { storage: memoryStorage(), defaultPinned: false, title: 'ذات صلة' },
  decorators: [
    (Story) => (
      <div dir="rtl">
        <Story />
      </div>
    ),
  ],
};
