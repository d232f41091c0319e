import { type FieldValue, type FormDefinition, flattenElements } from '@procedo/client-api';
import { isAppError } from '../../errors/app-error';
import type { FormsService } from '../forms/forms-service';
import type { RecordVersionRecord } from '../records/records-store';
import type { AuthContext } from '../session/session-service';
import type { FileLinkRecord } from './file-links-store';
import type { FileAccess } from './files-service';
import type { FileRecord } from './files-store';

const sameUser = (a: string, b: string) => a.toLocaleLowerCase('en') === b.toLocaleLowerCase('en');

/** Whether `file` was uploaded by the signed-in user (user names are unique, case-insensitive). */
export const uploadedBy = (auth: AuthContext, file: FileRecord) => sameUser(file.uploadedBy, auth.user.name);

/**
 * Whether the user may save `file` as the value of a file element: only a file they uploaded
 * themselves, or the file the record already holds in that element. Anything else would let a
 * user attach, and so read, a file they only know the id of.
 */
export function mayAttach(auth: AuthContext, file: FileRecord, current: FieldValue | undefined): boolean {
  if (uploadedBy(auth, file)) return true;
  return typeof current === 'object' && current !== null && 'FileName' in current && current.Id === file.id;
}

/** Creates the {@link FileAccess} over the forms' definitions, permissions and access. */
export function createFileAccess(options: { forms: FormsService }): FileAccess {
  const { forms } = options;

  const fileElementOf = (definition: FormDefinition, name: string) =>
    flattenElements(definition).some((element) => element.Kind === 'file' && element.Name === name);

  /**
   * Whether a record that `holder` gives for a link holds the file in an element the user sees
   * on a form their profile may open.
   */
  async function throughRecord(
    auth: AuthContext,
    file: FileRecord,
    holder: (link: FileLinkRecord) => Promise<RecordVersionRecord | null>,
  ): Promise<boolean> {
    // The file_links index answers which records reference the file: no scan of versions.
    const links = await auth.database.stores.fileLinks.listByFile(file.id);
    if (links.length === 0) return false;
    const openable: FormDefinition[] = [];
    for (const no of await auth.database.stores.forms.listFormAccess(auth.user.profileId)) {
      try {
        openable.push(await forms.loadDefinition(auth.database, no));
      } catch (error) {
        // Access to a form the database does not define grants nothing.
        if (isAppError(error) && error.status === 404) continue;
        throw error;
      }
    }
    for (const link of links) {
      const record = await holder(link);
      if (!record) continue;
      for (const definition of openable) {
        if (definition.Entity !== record.entity || !fileElementOf(definition, link.elementName)) continue;
        const { visible } = await forms.openForm(auth, definition.WebTemplateNo);
        if (visible.has(link.elementName)) return true;
      }
    }
    return false;
  }

  return {
    async mayDownload(auth, file) {
      if (uploadedBy(auth, file)) return true;
      return throughRecord(auth, file, (link) => auth.database.stores.records.getCurrent(link.recordId));
    },
    async mayDownloadAt(auth, file, atIso) {
      // CONTRACT "Time travel": at T a file is one the records as they were at T held; the
      // uploader's own pending files are not business data of then.
      if (file.uploadedAt > atIso) return false;
      return throughRecord(auth, file, async (link) => {
        const record = await auth.database.stores.records.getAt(link.recordId, atIso);
        const value = record && !record.isDeleted ? record.values[link.elementName] : undefined;
        return typeof value === 'object' && value !== null && 'FileName' in value && value.Id === file.id
          ? record
          : null;
      });
    },
  };
}
