import { procedoProject } from '../../vitest.shared';

export default procedoProject('mock-server');
