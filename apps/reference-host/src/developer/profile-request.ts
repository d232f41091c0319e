/** The form-page parameter that switches the session's profile before the form loads. */
export const PROFILE_PARAM = 'UGOTOPROFILENO';

/** What `UGOTOPROFILENO` asks of the page now. */
export type ProfileRequest =
  | { kind: 'none' }
  /** Already acted on in this visit, or already the session's profile: nothing to do. */
  | { kind: 'done'; param: string }
  | { kind: 'invalid'; param: string }
  | { kind: 'switch'; param: string; profileId: number };

/**
 * Reads `UGOTOPROFILENO` against the session's profile and the value last acted on: each value is
 * acted on once, so a later switch in the developer bar is not undone while the address still
 * carries it.
 */
export function readProfileRequest(
  params: URLSearchParams,
  currentProfileId: number,
  handledParam: string | null,
): ProfileRequest {
  const param = params.get(PROFILE_PARAM)?.trim() || null;
  if (param === null) return { kind: 'none' };
  if (param === handledParam || param === String(currentProfileId)) return { kind: 'done', param };
  if (!/^[1-9]\d{0,9}$/.test(param)) return { kind: 'invalid', param };
  return { kind: 'switch', param, profileId: Number(param) };
}
