import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readPermissionsMode, setPermissionsMode, usePermissionsMode } from './permissions-mode';

function Probe() {
  const [on, set] = usePermissionsMode();
  return (
    <button type="button" onClick={() => set(!on)}>
      {on ? 'mode on' : 'mode off'}
    </button>
  );
}

describe('permissions mode', () => {
  afterEach(() => setPermissionsMode(false));

  it('is on exactly while the permissions cookie setting is 1', () => {
    expect(readPermissionsMode()).toBe(false);
    setPermissionsMode(true);
    expect(document.cookie).toContain('procedo_permissions=1');
    expect(readPermissionsMode()).toBe(true);
    setPermissionsMode(false);
    expect(document.cookie).not.toContain('procedo_permissions=1');
    expect(readPermissionsMode()).toBe(false);
  });

  it('re-renders every user of the hook when the mode changes anywhere', () => {
    render(
      <>
        <Probe />
        <Probe />
      </>,
    );
    expect(screen.getAllByText('mode off')).toHaveLength(2);
    act(() => setPermissionsMode(true));
    expect(screen.getAllByText('mode on')).toHaveLength(2);
    act(() => screen.getAllByRole('button')[0]!.click());
    expect(screen.getAllByText('mode off')).toHaveLength(2);
  });
});
