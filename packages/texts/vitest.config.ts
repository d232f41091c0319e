import { procedoProject } from '../../vitest.shared';

export default procedoProject('texts', { environment: 'jsdom', setupFiles: ['./test/setup.ts'] });
