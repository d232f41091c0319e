import type { FormResponse } from '@procedo/client-api';
import {
  createFieldRegistry,
  createFileElement,
  createPickerElement,
  defaultFieldRegistry,
  type FieldRegistry,
} from '@procedo/forms-react';
import { v1 } from '../api';
import { HostResults } from './HostResults';

// The picker searches `GET pickers/{Source}` with the values of the elements it depends on and the
// element's name, so the server checks the picker element, its permission and `MinLength`.
const hostPicker = createPickerElement({
  search: ({ element, text, deps, webTemplateNo, signal }) =>
    v1.forms.pickerSearch(element.Source, { text, deps, webTemplateNo, element: element.Name }, signal),
});

/**
 * The registry of the form page: the built-in kinds plus `picker` (above), `file` (uploading
 * through `POST files`, with the form's supported extensions and upload limit) and `results` (the
 * result list with its column chooser, see `HostResults`).
 */
export function createHostFieldRegistry(form: FormResponse): FieldRegistry {
  return createFieldRegistry({
    base: defaultFieldRegistry,
    components: {
      picker: hostPicker,
      file: createFileElement({
        upload: (file) => v1.forms.upload(file),
        supportedExtensions: form.SupportedFileExtensions,
        maxBytes: form.MaxUploadBytes,
      }),
      results: HostResults,
    },
  });
}
