import { procedoProject } from '../../vitest.shared';

export default procedoProject('client-api', { environment: 'node' });
