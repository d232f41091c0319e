import { catalogueProblems } from '@procedo/texts';
import { describe, expect, it } from 'vitest';
import { USERS_ADMIN_LABELS } from '../admin/users-admin-labels';
import { DASHBOARD_LABELS } from '../dashboard/dashboard-labels';
import { COMMAND_DESIGNER_LABELS } from '../designer/command-labels';
import { DATASOURCE_DESIGNER_LABELS } from '../designer/DatasourceDesigner';
import { DEFINITION_CHANGES_LABELS } from '../designer/definition-changes-labels';
import { FILTER_MANAGER_LABELS } from '../designer/FilterManager';
import { FORM_DESIGNER_LABELS } from '../designer/labels';
import { NAVIGATION_DESIGNER_LABELS } from '../designer/navigation/navigation-labels';
import { DEFINITION_VERSIONS_LABELS } from '../designer/versions-labels';
import { DEVELOPER_BAR_LABELS } from '../developer/labels';
import { FILTER_EDITOR_LABELS } from '../filter-editor/labels';
import { FORMS_TEXTS } from '../i18n/texts';
import { PERMISSIONS_LABELS } from '../permissions/labels';
import { FORMS_TEXTS_DE } from './de';

/** Every English text of the package: the main entry's and the on-demand entries'. */
const ENGLISH = {
  ...FORMS_TEXTS,
  filterEditor: FILTER_EDITOR_LABELS,
  dashboard: DASHBOARD_LABELS,
  permissions: PERMISSIONS_LABELS,
  usersAdmin: USERS_ADMIN_LABELS,
  developerBar: DEVELOPER_BAR_LABELS,
  formDesigner: FORM_DESIGNER_LABELS,
  definitionVersions: DEFINITION_VERSIONS_LABELS,
  definitionChanges: DEFINITION_CHANGES_LABELS,
  navigationDesigner: NAVIGATION_DESIGNER_LABELS,
  datasourceDesigner: DATASOURCE_DESIGNER_LABELS,
  filterManager: FILTER_MANAGER_LABELS,
  commandDesigner: COMMAND_DESIGNER_LABELS,
};

/** Arguments for the text functions that take more than strings and numbers. */
const SAMPLE_ARGS = {
  'record.auditFields': [['⟨a⟩', '⟨b⟩']],
  'auditTrail.kind': ['update'],
  'timeTravel.resolution': [
    { resolution: 'skipped', typed: '⟨t⟩', timeZone: '⟨z⟩', local: '⟨l⟩', utc: '⟨u⟩' },
  ],
  'timeTravel.bannerAt': [{ utc: '⟨u⟩', local: '⟨l⟩', timeZone: '⟨z⟩' }],
  'timeTravel.bannerFuture': [{ utc: '⟨u⟩', local: '⟨l⟩', timeZone: '⟨z⟩' }],
  'permissions.inheritedText': [{ Hidden: true, Locked: true, From: '⟨f⟩' }],
  'permissions.inForceText': [{ Hidden: true, Locked: false }],
  'developerBar.definitionVersion': [{ schemaVersion: '⟨s⟩', updatedAt: '⟨u⟩' }],
  'formDesigner.published': [7],
  'formDesigner.conflict': [7],
  'formDesigner.breakingReason': ['⟨r⟩'],
  'commandDesigner.published': [7],
  'commandDesigner.conflict': [7],
  'datasourceDesigner.breakingFilter': [{ Name: '⟨n⟩', OwnerName: '⟨o⟩', Columns: ['⟨c⟩'] }],
  'filterManager.change': [
    {
      Change: 'rename',
      NameBefore: '⟨b⟩',
      NameAfter: '⟨a⟩',
      ChangedAt: '2026-11-24T10:00:00.000Z',
      ChangedBy: '⟨w⟩',
      OwnerName: '⟨o⟩',
    },
  ],
};

describe('the German forms-react catalogue', () => {
  it('has exactly the keys of the English one, with the same placeholders and arguments shown', () => {
    expect(catalogueProblems(ENGLISH, FORMS_TEXTS_DE, { sampleArgs: SAMPLE_ARGS })).toEqual([]);
  });

  it('keeps every argument in the other branches of its branching texts too', () => {
    const repeated = { ...SAMPLE_ARGS['timeTravel.resolution'][0], resolution: 'repeated' };
    expect(
      catalogueProblems(ENGLISH, FORMS_TEXTS_DE, {
        sampleArgs: { ...SAMPLE_ARGS, 'timeTravel.resolution': [repeated] },
      }),
    ).toEqual([]);
    expect(FORMS_TEXTS_DE.filterEditor.problems(1)).not.toMatch(/\d/);
    expect(FORMS_TEXTS_DE.countToggle.rows('1', 1)).toBe('1 Zeile');
    expect(FORMS_TEXTS_DE.searchResults.savedFilters(2)).toContain('2');
    expect(FORMS_TEXTS_DE.permissions.inForceText({ Hidden: false, Locked: false })).toBe('Angezeigt');
    expect(FORMS_TEXTS_DE.developerBar.definitionVersion({ schemaVersion: 2, updatedAt: null })).toBe(
      'Definition 2',
    );
  });

  it('would fail for a missing or an extra key', () => {
    const { shell, ...withoutShell } = FORMS_TEXTS_DE;
    const { ok: _ok, ...shellWithoutOk } = shell;
    const broken = { ...withoutShell, shell: { ...shellWithoutOk, extra: 'Extra' } };
    expect(catalogueProblems(ENGLISH, broken, { sampleArgs: SAMPLE_ARGS })).toEqual([
      'shell.ok: missing',
      'shell.extra: not in the English catalogue',
    ]);
  });
});
