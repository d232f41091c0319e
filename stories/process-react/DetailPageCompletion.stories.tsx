import { DetailPageCompletion } from '@procedo/process-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { ProcessStoryFrame, storyApi } from './story-support';

function DetailPageStory({ missingData = false }: { missingData?: boolean }) {
  return (
    <ProcessStoryFrame api={storyApi({ detailPage: missingData ? 'missing-data' : 'ok' })}>
      <h2 style={{ margin: 0 }}>Supplier — Alpine Metals</h2>
      <DetailPageCompletion
        stepId={76}
        queryString={
          missingData ? 'WebTemplateNo=102&a_step_id=76' : 'WebTemplateNo=102&SupplierId=4&a_step_id=76'
        }
        currentPageUrl="/form?WebTemplateNo=102&SupplierId=4&a_step_id=76"
      />
    </ProcessStoryFrame>
  );
}

const meta = {
  title: 'process-react/DetailPageCompletion',
  component: DetailPageStory,
} satisfies Meta<typeof DetailPageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The bar a page opened by a detail-page step shows. */
export const Default: Story = {};

/** Completed: 'This part of the process has ended.' and the page moves on. */
export const Completed: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Complete the step' }));
  },
};

/** The required data is missing: the server's message, and the user can try again. */
export const MissingData: Story = {
  args: { missingData: true },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Complete the step' }));
  },
};
