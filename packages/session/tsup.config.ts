import { libraryConfig } from '../../tsup.shared';

export default libraryConfig({ entry: ['src/index.ts', 'src/react.ts', 'src/locales/de.ts'], styles: true });
