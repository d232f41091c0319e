import { procedoProject } from '../../vitest.shared';

export default procedoProject('forms-react', { environment: 'jsdom', setupFiles: ['./test/setup.ts'] });
