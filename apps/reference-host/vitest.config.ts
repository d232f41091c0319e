import { procedoProject } from '../../vitest.shared';

export default procedoProject('reference-host', { environment: 'node' });
