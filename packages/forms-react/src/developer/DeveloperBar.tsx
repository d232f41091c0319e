import {
  APPLICATION_VERSION,
  CLIENT_WEB_API_VERSION,
  type ElementPermission,
  type FormDefinition,
  type SessionContext,
} from '@procedo/client-api';
import { type MouseEvent, useState } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover, ToggleButton, Toolbar } from 'react-aria-components';
import { useOnDemandTexts } from '../i18n/texts';
import { usePermissionsMode } from '../permissions/permissions-mode';
import { CustomiseContextDialog } from './CustomiseContextDialog';
import { DEVELOPER_BAR_LABELS, type DeveloperBarLabels } from './labels';

/** What the developer bar shows of the form open on the page. */
export interface DeveloperFormInfo {
  definition: FormDefinition;
  /** The stored definition's change stamp (`FormResponse.DefinitionUpdatedAt`). @default none */
  definitionUpdatedAt?: string | null;
  /** The user's effective element permissions on the form (`FormResponse.Permissions`). @default none */
  permissions?: readonly ElementPermission[];
  /** WebFormId: the id of the stored record the page shows; null for a new record or a search form. */
  webFormId: number | null;
}

/** The addresses of the bar's links. */
export interface DeveloperBarLinks {
  /** Classic UI mode (the host's `?a_ui=classic`). */
  classic: string;
  /** The administration area. */
  system: string;
  signOut: string;
}

/** Props of {@link DeveloperBar}. */
export interface DeveloperBarProps {
  /** The session context: the bar shows only when its `DesignMode.CanDesign` is true. */
  context: SessionContext;
  /** The form open on the page. @default none ("No form on this page") */
  formInfo?: DeveloperFormInfo | null;
  links: DeveloperBarLinks;
  /** A plain click on a link, for the host's router; without it links load the page. */
  onNavigate?: (event: { href: string }) => void;
  /** Whether the page is in classic UI mode (marks the Classic link as current). @default false */
  isClassic?: boolean;
  /** Refresh page cache: sends `Template.CacheRefresh` (e.g. `callback.templateCacheRefresh()`). */
  onRefreshCache: () => Promise<void>;
  /** Reloads the page once the cache is refreshed. @default () => window.location.reload() */
  reload?: () => void;
  /** Switches the session's profile; without it the profile is shown but not offered for a switch. */
  onSwitchProfile?: (event: { profileId: number }) => Promise<void>;
  /** The text of a failure. @default the error's message */
  describeError?: (error: unknown) => string;
  /**
   * The address of the form designer for a form: Customise Context links the open form there
   * (e.g. `/designer/form?WebTemplateNo=` and the number). @default no link
   */
  formDesignerHref?: (webTemplateNo: number) => string;
  /** Texts to override. @default the catalogue's `forms.developerBar` */
  labels?: Partial<DeveloperBarLabels>;
}

type Work = { kind: 'idle' } | { kind: 'busy'; text: string } | { kind: 'failed'; text: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The developer bar (spec §2, §6): only for users with the design-mode permission
 * (`DesignMode.CanDesign`, the server's decision). It shows the application and client web API
 * versions and the open form (WebTemplateNo, name, definition version, WebFormId), and offers
 * Profile (a menu where the user has several), Classic, Customise Context (a read-only dialog of
 * the page's context), System, Sign Out, Refresh page cache (`Template.CacheRefresh`, then the
 * page reloads; a failure is shown and nothing reloads) and the Permissions toggle (the
 * permissions mode cookie). A labelled region holding a toolbar (arrow keys move between its
 * controls); styled by `procedo-DeveloperBar`.
 *
 * @example
 * <DeveloperBar context={context} formInfo={formInfo}
 *   links={{ classic: '/?a_ui=classic', system: '/system', signOut: '/?cmd=logout_kill' }}
 *   onRefreshCache={() => callback.templateCacheRefresh()} />
 */
export function DeveloperBar({
  context,
  formInfo = null,
  links,
  onNavigate,
  isClassic = false,
  onRefreshCache,
  reload = () => window.location.reload(),
  onSwitchProfile,
  describeError = messageOf,
  formDesignerHref,
  labels: overrides,
}: DeveloperBarProps) {
  const L = { ...useOnDemandTexts('developerBar', DEVELOPER_BAR_LABELS), ...overrides };
  const [isPermissionsMode, setPermissionsMode] = usePermissionsMode();
  const [work, setWork] = useState<Work>({ kind: 'idle' });
  const [isContextOpen, setContextOpen] = useState(false);
  if (!context.DesignMode.CanDesign) return null;

  const profiles = context.Profiles ?? [];
  const current = profiles.find((profile) => profile.Id === context.WebProfileId);
  const profileName = current?.Name ?? String(context.WebProfileId);
  const isBusy = work.kind === 'busy';

  const run = async (busyText: string, task: () => Promise<void>, failed: (message: string) => string) => {
    setWork({ kind: 'busy', text: busyText });
    try {
      await task();
      setWork({ kind: 'idle' });
    } catch (error) {
      setWork({ kind: 'failed', text: failed(describeError(error)) });
    }
  };

  const refreshCache = () =>
    run(
      L.refreshingCache,
      async () => {
        await onRefreshCache();
        reload();
      },
      L.refreshCacheFailed,
    );

  const switchProfile = (profileId: number) => {
    if (!onSwitchProfile || profileId === context.WebProfileId) return;
    void run(L.switchingProfile, () => onSwitchProfile({ profileId }), L.profileSwitchFailed);
  };

  const follow = (href: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (
      !onNavigate ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    event.preventDefault();
    onNavigate({ href });
  };

  const definition = formInfo?.definition;
  return (
    <section aria-label={L.bar} className="procedo-DeveloperBar" data-busy={isBusy || undefined}>
      <dl className="procedo-DeveloperBar-info">
        <div>
          <dt>{L.applicationVersion}</dt>
          <dd>{APPLICATION_VERSION}</dd>
        </div>
        <div>
          <dt>{L.clientWebApiVersion}</dt>
          <dd>{CLIENT_WEB_API_VERSION}</dd>
        </div>
        {definition && formInfo ? (
          <>
            <div>
              <dt>{L.webTemplateNo}</dt>
              <dd>{definition.WebTemplateNo}</dd>
            </div>
            <div>
              <dt>{L.form}</dt>
              <dd>
                {definition.Name} (
                {L.definitionVersion({
                  schemaVersion: definition.schemaVersion,
                  updatedAt: formInfo.definitionUpdatedAt ?? null,
                })}
                )
              </dd>
            </div>
            <div>
              <dt>{L.webFormId}</dt>
              <dd>{formInfo.webFormId ?? L.noWebFormId}</dd>
            </div>
          </>
        ) : (
          <div>
            <dt>{L.form}</dt>
            <dd>{L.noForm}</dd>
          </div>
        )}
      </dl>
      <Toolbar aria-label={L.tools} className="procedo-DeveloperBar-tools">
        {onSwitchProfile && profiles.length > 1 ? (
          <MenuTrigger>
            <Button className="procedo-DeveloperBar-button" isDisabled={isBusy}>
              {L.profileButton(profileName)}
            </Button>
            <Popover className="procedo-DeveloperBar-popover" placement="bottom start">
              <Menu
                aria-label={L.profile}
                selectionMode="single"
                selectedKeys={[context.WebProfileId]}
                onAction={(key) => switchProfile(Number(key))}
                className="procedo-DeveloperBar-menu"
              >
                {profiles.map((profile) => (
                  <MenuItem key={profile.Id} id={profile.Id} className="procedo-DeveloperBar-menuItem">
                    {profile.Name}
                  </MenuItem>
                ))}
              </Menu>
            </Popover>
          </MenuTrigger>
        ) : (
          <span className="procedo-DeveloperBar-profile">{L.profileButton(profileName)}</span>
        )}
        <a
          href={links.classic}
          onClick={follow(links.classic)}
          aria-current={isClassic ? 'true' : undefined}
          className="procedo-DeveloperBar-link"
        >
          {L.classic}
        </a>
        <Button className="procedo-DeveloperBar-button" onPress={() => setContextOpen(true)}>
          {L.customiseContext}
        </Button>
        <a href={links.system} onClick={follow(links.system)} className="procedo-DeveloperBar-link">
          {L.system}
        </a>
        <a href={links.signOut} onClick={follow(links.signOut)} className="procedo-DeveloperBar-link">
          {L.signOut}
        </a>
        <Button className="procedo-DeveloperBar-button" onPress={refreshCache} isDisabled={isBusy}>
          {L.refreshCache}
        </Button>
        <ToggleButton
          className="procedo-DeveloperBar-button procedo-DeveloperBar-toggle"
          isSelected={isPermissionsMode}
          onChange={setPermissionsMode}
        >
          {L.permissions}
        </ToggleButton>
      </Toolbar>
      {/* Always in the page, so a screen reader hears progress and failures as they happen. */}
      <p role="status" className="procedo-DeveloperBar-status">
        {work.kind === 'busy' ? work.text : ''}
      </p>
      {work.kind === 'failed' ? (
        <p role="alert" className="procedo-DeveloperBar-error">
          {work.text}
        </p>
      ) : null}
      {isContextOpen ? (
        <CustomiseContextDialog
          context={context}
          formInfo={formInfo}
          labels={L}
          onClose={() => setContextOpen(false)}
          {...(formDesignerHref && formInfo
            ? {
                designerHref: formDesignerHref(formInfo.definition.WebTemplateNo),
                onFollow: (event: MouseEvent<HTMLAnchorElement>) => {
                  setContextOpen(false);
                  follow(formDesignerHref(formInfo.definition.WebTemplateNo))(event);
                },
              }
            : {})}
        />
      ) : null}
    </section>
  );
}
