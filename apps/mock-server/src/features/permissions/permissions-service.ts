import {
  type ElementPermissionEntry,
  type FormDefinition,
  type FormPermissions,
  type PermissionChange,
  type PermissionHistoryPage,
  type PermissionOverview,
  type PermissionOwner,
  type PermissionOwners,
  type PermissionOwnerType,
  permissionEditorRows,
  type SavePermissionsRequest,
} from '@procedo/client-api';
import { AppError } from '../../errors/app-error';
import { validationFailure } from '../forms/form-errors';
import { effectiveOf, type FormsService, rowsInForce } from '../forms/forms-service';
import type { ElementPermissionRecord } from '../forms/forms-store';
import { requireRole } from '../session/roles';
import type { AuthContext } from '../session/session-service';
import type { OwnerRecord, PermissionChangeRecord } from './permissions-store';

/** One owner of permission rows. */
export interface OwnerRef {
  ownerType: PermissionOwnerType;
  ownerId: number;
}

/**
 * The element permissions editor (spec §4 permissions mode): a form's elements for one owner,
 * batch saves with an optimistic version, the overview and the change history. Every call needs
 * the `permission-design` role. Saved rows apply from the next request of every session: the
 * forms service reads them on each request, nothing caches them.
 */
export interface PermissionsService {
  getForm(auth: AuthContext, webTemplateNo: number, owner: OwnerRef): Promise<FormPermissions>;
  save(auth: AuthContext, webTemplateNo: number, body: SavePermissionsRequest): Promise<FormPermissions>;
  overview(auth: AuthContext): Promise<PermissionOverview>;
  owners(auth: AuthContext): Promise<PermissionOwners>;
  history(
    auth: AuthContext,
    query: { webTemplateNo?: number | undefined; beforeId?: number | undefined; limit: number },
  ): Promise<PermissionHistoryPage>;
}

const toOwner = (owner: OwnerRecord): PermissionOwner => ({
  OwnerType: owner.ownerType,
  OwnerId: owner.ownerId,
  Name: owner.name,
  Description: owner.description,
});

const toChange = (change: PermissionChangeRecord): PermissionChange => ({
  Id: change.id,
  AtUtc: change.atUtc,
  UserName: change.userName,
  WebTemplateNo: change.webTemplateNo,
  ElementName: change.elementName,
  OwnerType: change.ownerType,
  OwnerId: change.ownerId,
  OldHidden: change.oldHidden,
  OldLocked: change.oldLocked,
  NewHidden: change.newHidden,
  NewLocked: change.newLocked,
});

/** Creates the {@link PermissionsService}. */
export function createPermissionsService(options: {
  now: () => number;
  forms: FormsService;
}): PermissionsService {
  const { now, forms } = options;

  /** The form, 404 naming `WebTemplateNo` when the database has none. */
  async function formOf(auth: AuthContext, webTemplateNo: number): Promise<FormDefinition> {
    try {
      return await forms.loadDefinition(auth.database, webTemplateNo);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) {
        throw new AppError({
          status: 404,
          code: 'NOT_FOUND',
          message: `There is no form ${webTemplateNo}.`,
          issues: [{ code: 'not_found', path: ['WebTemplateNo'], message: 'Unknown form' }],
        });
      }
      throw error;
    }
  }

  /** The owner, 404 naming the owner fields when there is no such user or profile. */
  async function ownerOf(
    auth: AuthContext,
    owner: OwnerRef,
    path: 'OwnerId' | 'ownerId',
  ): Promise<OwnerRecord> {
    const found = await auth.database.stores.permissions.findOwner(owner.ownerType, owner.ownerId);
    if (found) return found;
    throw new AppError({
      status: 404,
      code: 'NOT_FOUND',
      message: `There is no ${owner.ownerType} ${owner.ownerId}.`,
      issues: [{ code: 'not_found', path: [path], message: `Unknown ${owner.ownerType}` }],
    });
  }

  async function view(
    auth: AuthContext,
    definition: FormDefinition,
    owner: OwnerRecord,
  ): Promise<FormPermissions> {
    const store = auth.database.stores.permissions;
    const no = definition.WebTemplateNo;
    const own = await store.listOwnerRows(no, owner.ownerType, owner.ownerId);
    // For a user, the rows in force are their profile's overridden by their own (as enforced).
    const inherited: ElementPermissionRecord[] =
      owner.profileId === null ? [] : await store.listOwnerRows(no, 'profile', owner.profileId);
    const inForce = [...inherited, ...own];
    const effective = effectiveOf(definition, inForce);
    const mine = new Map(own.map((row) => [row.elementName, row]));
    const elements = permissionEditorRows(definition, rowsInForce(inForce)).map(
      (row): ElementPermissionEntry => ({
        ...row,
        Hidden: mine.get(row.Name)?.hidden ?? false,
        Locked: mine.get(row.Name)?.locked ?? false,
        Effective: {
          Hidden: effective.get(row.Name)?.hidden ?? false,
          Locked: effective.get(row.Name)?.locked ?? false,
        },
      }),
    );
    return {
      WebTemplateNo: no,
      FormTitle: definition.Title,
      Owner: toOwner(owner),
      Version: await store.version(no, owner.ownerType, owner.ownerId),
      Elements: elements,
    };
  }

  return {
    async getForm(auth, webTemplateNo, owner) {
      requireRole(auth, 'permission-design');
      const definition = await formOf(auth, webTemplateNo);
      return view(auth, definition, await ownerOf(auth, owner, 'ownerId'));
    },

    async save(auth, webTemplateNo, body) {
      requireRole(auth, 'permission-design');
      const definition = await formOf(auth, webTemplateNo);
      const owner = await ownerOf(auth, { ownerType: body.OwnerType, ownerId: body.OwnerId }, 'OwnerId');
      const names = new Set(permissionEditorRows(definition, []).map((row) => row.Name));
      const seen = new Set<string>();
      const issues = body.Changes.flatMap((change, index) => {
        const path = ['Changes', index, 'Name'];
        if (!names.has(change.Name)) {
          return [{ code: 'unknown_element', path, message: `The form has no element ${change.Name}` }];
        }
        if (seen.has(change.Name)) {
          return [{ code: 'duplicate_element', path, message: `${change.Name} is changed twice` }];
        }
        seen.add(change.Name);
        return [];
      });
      if (issues.length > 0) throw validationFailure(issues);
      const saved = await auth.database.stores.permissions.save({
        webTemplateNo,
        ownerType: owner.ownerType,
        ownerId: owner.ownerId,
        expectedVersion: body.Version,
        changes: body.Changes.map((change) => ({
          elementName: change.Name,
          hidden: change.Hidden,
          locked: change.Locked,
        })),
        by: { userId: auth.user.id, userName: auth.user.name },
        at: new Date(now()).toISOString(),
      });
      if (saved.stale) {
        throw new AppError({
          status: 409,
          code: 'VERSION_CONFLICT',
          message:
            'Someone else changed these permissions after you opened them; nothing was saved. Reload to see their changes.',
        });
      }
      return view(auth, definition, owner);
    },

    async overview(auth) {
      requireRole(auth, 'permission-design');
      const rows = await auth.database.stores.permissions.listAll();
      const titles = new Map<number, string>();
      for (const no of new Set(rows.map((row) => row.webTemplateNo))) {
        // A row of a form the database no longer defines is still listed, under its number.
        const title = await forms.loadDefinition(auth.database, no).then(
          (definition) => definition.Title,
          () => `Form ${no}`,
        );
        titles.set(no, title);
      }
      return {
        Items: rows.map((row) => ({
          WebTemplateNo: row.webTemplateNo,
          FormTitle: titles.get(row.webTemplateNo) ?? `Form ${row.webTemplateNo}`,
          OwnerType: row.ownerType,
          OwnerId: row.ownerId,
          OwnerName: row.ownerName,
          ElementName: row.elementName,
          Hidden: row.hidden,
          Locked: row.locked,
        })),
      };
    },

    async owners(auth) {
      requireRole(auth, 'permission-design');
      const owners = await auth.database.stores.permissions.listOwners();
      return {
        Users: owners.filter((owner) => owner.ownerType === 'user').map(toOwner),
        Profiles: owners.filter((owner) => owner.ownerType === 'profile').map(toOwner),
      };
    },

    async history(auth, query) {
      requireRole(auth, 'permission-design');
      const changes = await auth.database.stores.permissions.history({
        ...(query.webTemplateNo === undefined ? {} : { webTemplateNo: query.webTemplateNo }),
        ...(query.beforeId === undefined ? {} : { beforeId: query.beforeId }),
        limit: query.limit + 1,
      });
      const page = changes.slice(0, query.limit);
      return {
        Items: page.map(toChange),
        NextBeforeId: changes.length > query.limit ? (page.at(-1)?.id ?? null) : null,
      };
    },
  };
}
