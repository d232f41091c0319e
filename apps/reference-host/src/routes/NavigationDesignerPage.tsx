import type {
  DefinitionChange,
  DesignerNavigation,
  DesignerNavigationList,
  PublishedNavigationVersion,
} from '@procedo/client-api/designer';
import {
  DefinitionVersionsPanel,
  type DefinitionVersionsSource,
  NavigationDesigner,
  type NavigationTarget,
} from '@procedo/forms-react/designer';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { v1 } from '../api';
import { readPositiveParam } from '../designer/designer-query';
import { designerV1 } from '../designer-api';
import { HELP_TOPICS } from '../help/topics';
import { useLoad } from '../processes/useLoad';
import { useSignedIn } from '../shell/signed-in-context';
import { useHostTexts } from '../texts';

/**
 * `/designer/navigation?ProfileId=N` (issue 16 item 2): the SDK's navigation designer over the
 * profile's latest navigation, publishing through `designerV1.designer.navigation.publish`, beside its
 * Versions panel; without `ProfileId`, the profiles to choose from. Only for the
 * `navigation-design` role; the server refuses every call anyway.
 */
export function NavigationDesignerPage() {
  const texts = useHostTexts().navigationDesigner;
  const { context } = useSignedIn();
  const [params] = useSearchParams();
  if (!context.Roles.includes('navigation-design')) {
    return (
      <>
        <h1>{texts.title}</h1>
        <p role="note">{texts.noRight}</p>
      </>
    );
  }
  const profileId = readPositiveParam(params, 'ProfileId');
  if (params.has('ProfileId') && profileId === null) {
    return (
      <>
        <h1>{texts.title}</h1>
        <p role="alert">{texts.noProfile}</p>
      </>
    );
  }
  return profileId === null ? <ProfileList /> : <LoadedDesigner key={profileId} profileId={profileId} />;
}

function ProfileList() {
  const texts = useHostTexts().navigationDesigner;
  const profiles = useLoad<DesignerNavigationList>(() => designerV1.designer.navigation.list(), []);
  return (
    <>
      <h1>{texts.title}</h1>
      {profiles.kind === 'loading' && <p aria-live="polite">{texts.loading}</p>}
      {profiles.kind === 'error' && <p role="alert">{profiles.message}</p>}
      {profiles.kind === 'ready' && (
        <ul className="procedo-SystemPage-entries">
          {profiles.data.Items.map((profile) => (
            <li key={profile.ProfileId}>
              <Link to={`/designer/navigation?ProfileId=${profile.ProfileId}`}>{profile.Name}</Link>
              <p>{texts.summary(profile.Version, profile.NodeCount)}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function LoadedDesigner({ profileId }: { profileId: number }) {
  const texts = useHostTexts().navigationDesigner;
  const loaded = useLoad<DesignerNavigation>(
    () => designerV1.designer.navigation.get(profileId),
    [profileId],
  );
  if (loaded.kind === 'ready') return <Workspace profileId={profileId} initial={loaded.data} />;
  return (
    <>
      <h1>{texts.title}</h1>
      {loaded.kind === 'loading' ? (
        <p aria-live="polite">{texts.loading}</p>
      ) : (
        <p role="alert">{loaded.message}</p>
      )}
    </>
  );
}

interface Targets {
  forms: NavigationTarget[];
  commands: NavigationTarget[];
  dashboards: NavigationTarget[];
}

/** The link editor's lists (the designers' lists of forms and commands answer the navigation-design role too). */
function useTargets(): Targets {
  const [targets, setTargets] = useState<Targets>({ forms: [], commands: [], dashboards: [] });
  useEffect(() => {
    let current = true;
    const none = { Items: [] };
    void Promise.all([
      designerV1.designer.forms.list().catch(() => none),
      designerV1.designer.commands.list().catch(() => none),
      v1.dashboards.list().catch(() => none),
    ]).then(([forms, commands, dashboards]) => {
      if (!current) return;
      setTargets({
        forms: forms.Items.map((form) => ({
          value: form.WebTemplateNo,
          label: `${form.Title} (${form.WebTemplateNo})`,
        })),
        commands: commands.Items.map((command) => ({ value: command.CommandId, label: command.Name })),
        dashboards: dashboards.Items.map((dashboard) => ({ value: dashboard.Id, label: dashboard.Title })),
      });
    });
    return () => {
      current = false;
    };
  }, []);
  return targets;
}

const HELP = Object.entries(HELP_TOPICS).map(([value, topic]) => ({ value, label: topic.title }));

function Workspace({ profileId, initial }: { profileId: number; initial: DesignerNavigation }) {
  const texts = useHostTexts().navigationDesigner;
  const targets = useTargets();
  const [base, setBase] = useState({ Version: initial.Version, Navigation: initial.Navigation });
  const [publishedVersion, setPublishedVersion] = useState<number | null>(null);
  // The base version at the time of the call: a revert builds on the version the page holds.
  const baseRef = useRef(base.Version);
  baseRef.current = base.Version;
  const profiles = useLoad<DesignerNavigationList>(() => designerV1.designer.navigation.list(), []);
  const name =
    profiles.kind === 'ready'
      ? (profiles.data.Items.find((item) => item.ProfileId === profileId)?.Name ?? String(profileId))
      : String(profileId);
  const source = useMemo<DefinitionVersionsSource>(
    () => ({
      versions: () => designerV1.designer.navigation.versions(profileId),
      diff: async (from, to) => {
        const diff = await designerV1.designer.navigation.diff(profileId, from, to);
        // The panel lists the form designer's kinds: a rename is a change of the node's Title.
        const changes: DefinitionChange[] = diff.Changes.map(({ NodeId: _id, ...change }) =>
          change.Change === 'renamed'
            ? { ...change, Change: 'changed', Property: 'Title' }
            : { ...change, Change: change.Change },
        );
        return { Changes: changes };
      },
      publishAgain: async (version, _confirmBreaking, changeNote) => {
        const old = await designerV1.designer.navigation.version(profileId, version);
        return designerV1.designer.navigation.publish(profileId, {
          BaseVersion: baseRef.current,
          Navigation: old.Navigation,
          ChangeNote: changeNote,
        });
      },
    }),
    [profileId],
  );
  const onPublished = (published: PublishedNavigationVersion) => {
    setBase({ Version: published.Version, Navigation: published.Navigation });
    setPublishedVersion(published.Version);
  };
  return (
    <>
      <h1>{texts.design(name)}</h1>
      <div role="status" className="procedo-DesignerPage-status">
        {publishedVersion !== null ? texts.publishedVersion(publishedVersion) : ''}
      </div>
      <div className="procedo-DesignerPage">
        <NavigationDesigner
          // A new version starts the designer over from it.
          key={base.Version}
          navigation={base.Navigation}
          profileName={name}
          forms={targets.forms}
          commands={targets.commands}
          dashboards={targets.dashboards}
          helpTopics={HELP}
          onPublish={async ({ navigation, changeNote }) => {
            const published = await designerV1.designer.navigation.publish(profileId, {
              BaseVersion: base.Version,
              Navigation: navigation,
              ChangeNote: changeNote,
            });
            onPublished(published);
            return published;
          }}
        />
        <DefinitionVersionsPanel
          source={source}
          baseVersion={base.Version}
          onPublished={(published) => onPublished(published as PublishedNavigationVersion)}
        />
      </div>
    </>
  );
}
