import { procedoProject } from '../../vitest.shared';

export default procedoProject('session', { environment: 'node', setupFiles: ['./test/setup.ts'] });
