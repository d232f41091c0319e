import {
  FormDialog,
  FormOpenerProvider,
  I18nProvider,
  processStepOpenRequest,
  ShellProvider,
  useFormOpener,
} from '@procedo/forms-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';

// Fixed, empty content so the stories compare from run to run; the host serves real form pages.
const PAGE_URL = 'about:blank';

const meta = {
  title: 'forms-react/Opening/FormDialog',
  component: FormDialog,
  args: {
    request: { url: PAGE_URL, width: 590, height: 380, title: 'Supplier', isModal: true },
    onClose: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 16, fontFamily: 'sans-serif' }}>
        <p>Deviations — search results</p>
        <button type="button">Search</button>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FormDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A form opened in a `…_dialog` target: modal, over an underlay, the page below inert. */
export const Modal: Story = {};

/**
 * A process step's page (spec §2): titled with the step name and not modal — no underlay, the
 * page below stays usable.
 */
export const NonModalProcessStep: Story = {
  args: {
    request: { url: PAGE_URL, width: 590, height: 380, title: 'Approve deviation', isModal: false },
  },
};

/** No title given: the title bar shows only the close button; the dialog is named by its URL. */
export const Untitled: Story = {
  args: { request: { url: PAGE_URL, width: 480, height: 300, title: '', isModal: true } },
};

/** Right-to-left: the close button moves to the left end of the title bar. */
export const RightToLeft: Story = {
  args: { request: { url: PAGE_URL, width: 590, height: 380, title: 'المورد', isModal: true } },
  decorators: [
    (Story) => (
      <I18nProvider locale="ar-EG">
        <Story />
      </I18nProvider>
    ),
  ],
};

function OpenButtons() {
  const opener = useFormOpener();
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <button
        type="button"
        onClick={() =>
          opener.open({ url: PAGE_URL, target: 'supplier_dialog', title: 'Supplier', size: 'max2' })
        }
      >
        Open supplier (dialog, max2)
      </button>
      <button
        type="button"
        onClick={() =>
          opener.open(
            processStepOpenRequest({
              url: PAGE_URL,
              urlToOpenTarget: '_dialog',
              stepName: 'Approve deviation',
            }),
          )
        }
      >
        Run step (non-modal dialog)
      </button>
      <button type="button" onClick={() => opener.open({ url: PAGE_URL })}>
        Open popup (600×400)
      </button>
    </div>
  );
}

/** Dialogs opened through `useFormOpener()`, sized from this window; a blocked popup alerts. */
export const ThroughTheOpener: Story = {
  render: () => (
    <ShellProvider>
      <FormOpenerProvider>
        <OpenButtons />
      </FormOpenerProvider>
    </ShellProvider>
  ),
};
