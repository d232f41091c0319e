import type { Preview } from '@storybook/react-vite';
import '../../packages/forms-react/src/styles.css';
import '../../packages/process-react/src/styles.css';

const preview: Preview = {
  parameters: { layout: 'padded' },
};

export default preview;
