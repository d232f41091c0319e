import { LoadingPanel } from '@procedo/forms-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { v1 } from '../api';
import { useSignedIn } from '../shell/signed-in-context';
import { HOST_TEXTS, useHostTexts } from '../texts';
import { userMessage } from '../user-message';
import { readProfileRequest } from './profile-request';

/** The profile switch's English texts (the host catalogue's `profileSwitch`). */
export const PROFILE_SWITCH_LABELS = HOST_TEXTS.profileSwitch;

/** `failure`: the server's reason, or `notAnId` (said in the user's language when shown). */
type Outcome = { param: string; failure: string | { notAnId: true } | null };

/**
 * `UGOTOPROFILENO=<profile id>` on the form page: the session switches to that profile before the
 * form loads (`POST session/profile`), so the form, its permissions and the navigation are the
 * profile's. A profile the user does not have is refused by the server: the page says so and
 * shows the form as the current profile.
 */
export function ProfileSwitchGate({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const { context, onContextChange } = useSignedIn();
  const texts = useHostTexts().profileSwitch;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const request = readProfileRequest(params, context.WebProfileId, outcome?.param ?? null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: acts once per value of the parameter
  useEffect(() => {
    if (request.kind === 'none' || request.kind === 'done') return;
    if (request.kind === 'invalid') {
      setOutcome({ param: request.param, failure: { notAnId: true } });
      return;
    }
    let isActive = true;
    v1.session
      .switchProfile(request.profileId)
      .then((next) => {
        if (!isActive) return;
        onContextChange(next);
        setOutcome({ param: request.param, failure: null });
      })
      .catch((cause: unknown) => {
        if (isActive) setOutcome({ param: request.param, failure: userMessage(cause) });
      });
    return () => {
      isActive = false;
    };
  }, [request.kind, request.kind === 'none' ? null : request.param]);

  if (request.kind === 'switch' || request.kind === 'invalid') {
    return <LoadingPanel isVisible label={texts.switching} />;
  }
  const current = context.Profiles?.find((profile) => profile.Id === context.WebProfileId);
  return (
    <>
      {request.kind === 'done' && outcome?.param === request.param && outcome.failure ? (
        <p role="alert" className="procedo-FormPage-profileRefused">
          {texts.refused(
            outcome.param,
            current?.Name ?? String(context.WebProfileId),
            typeof outcome.failure === 'string' ? outcome.failure : texts.notAnId,
          )}
        </p>
      ) : null}
      {children}
    </>
  );
}
