import { libraryConfig } from '../../tsup.shared';

export default libraryConfig({ entry: ['src/index.ts', 'src/locales/de.ts'], styles: true });
