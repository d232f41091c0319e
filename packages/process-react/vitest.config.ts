import { procedoProject } from '../../vitest.shared';

export default procedoProject('process-react', {
  environment: 'jsdom',
  setupFiles: ['../forms-react/test/setup.ts'],
});
