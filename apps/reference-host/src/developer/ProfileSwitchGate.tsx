import { LoadingPanel } from '@procedo/forms-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { v1 } from '../api';
import { useSignedIn } from '../shell/signed-in-context';
import { userMessage } from '../user-message';

/** The form-page parameter that switches the session's profile before the form loads. */
export const PROFILE_PARAM = 'UGOTOPROFILENO';

export const PROFILE_SWITCH_LABELS = {
  switching: 'Switching profile…',
  refused: (requested: string, current: string, reason: string) =>
    `The page could not switch to profile ${requested} and stays on profile ${current}: ${reason}`,
  notAnId: 'it is not a profile id.',
};

type Outcome = { param: string; failure: string | null };

/**
 * `UGOTOPROFILENO=<profile id>` on the form page: the session switches to that profile before the
 * form loads (`POST session/profile`), so the form, its permissions and the navigation are the
 * profile's. A profile the user does not have is refused by the server: the page says so and
 * shows the form as the current profile. Each value of the parameter is acted on once, so a later
 * switch in the developer bar is not undone while the address still carries it.
 */
export function ProfileSwitchGate({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const requested = params.get(PROFILE_PARAM)?.trim() || null;
  const { context, onContextChange } = useSignedIn();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const isHandled = requested === null || outcome?.param === requested;
  const isCurrent = requested === String(context.WebProfileId);

  // biome-ignore lint/correctness/useExhaustiveDependencies: acts once per value of the parameter
  useEffect(() => {
    if (requested === null || isHandled) return;
    if (isCurrent) {
      setOutcome({ param: requested, failure: null });
      return;
    }
    if (!/^[1-9]\d{0,9}$/.test(requested)) {
      setOutcome({ param: requested, failure: PROFILE_SWITCH_LABELS.notAnId });
      return;
    }
    let isActive = true;
    v1.session
      .switchProfile(Number(requested))
      .then((next) => {
        if (!isActive) return;
        onContextChange(next);
        setOutcome({ param: requested, failure: null });
      })
      .catch((cause: unknown) => {
        if (isActive) setOutcome({ param: requested, failure: userMessage(cause) });
      });
    return () => {
      isActive = false;
    };
  }, [requested]);

  if (!isHandled && !isCurrent) return <LoadingPanel isVisible label={PROFILE_SWITCH_LABELS.switching} />;
  const current = context.Profiles?.find((profile) => profile.Id === context.WebProfileId);
  return (
    <>
      {outcome?.failure && outcome.param === requested ? (
        <p role="alert" className="procedo-FormPage-profileRefused">
          {PROFILE_SWITCH_LABELS.refused(
            outcome.param,
            current?.Name ?? String(context.WebProfileId),
            outcome.failure,
          )}
        </p>
      ) : null}
      {children}
    </>
  );
}
