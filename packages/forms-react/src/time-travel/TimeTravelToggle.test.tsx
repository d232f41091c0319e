// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TimeTravelBanner } from './TimeTravelBanner';
import { type TimeTravelChangeEvent, TimeTravelToggle } from './TimeTravelToggle';
import type { TimeTravelState } from './time-travel';

/** The toggle as a host uses it: the state lives outside (the address), the toggle reports moves. */
function Host({
  initial = { timepoint: null, previousTimepoint: null },
  timeZone = 'Europe/Vienna',
  onChange,
}: {
  initial?: TimeTravelState;
  timeZone?: string;
  onChange?: (event: TimeTravelChangeEvent) => void;
}) {
  const [state, setState] = useState(initial);
  return (
    <TimeTravelToggle
      {...state}
      timeZone={timeZone}
      onChange={(event) => {
        onChange?.(event);
        setState({ timepoint: event.timepoint, previousTimepoint: event.previousTimepoint });
      }}
    />
  );
}

const choice = (name: string) => screen.getByRole('radio', { name });
const field = () => screen.getByRole('textbox', { name: 'Time (your local time)' });

async function typeTime(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(choice('Data at a time'));
  await user.clear(field());
  await user.type(field(), `${text}{Enter}`);
}

describe('TimeTravelToggle', () => {
  it('offers three choices in a keyboard group, current data chosen and previous unavailable at first', () => {
    render(<Host />);
    const group = screen.getByRole('radiogroup', { name: 'Time travel' });
    expect(group).toBeTruthy();
    expect(choice('Current data').getAttribute('aria-checked')).toBe('true');
    expect(choice('Previous timepoint').hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('No previous timepoint')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBe(null);
  });

  it('reads a typed local time as UTC and reports the move', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Host onChange={onChange} />);
    await typeTime(user, '2026-01-15 10:00');
    expect(onChange).toHaveBeenCalledWith(
      expect.objectContaining({ timepoint: '2026-01-15 09:00', previousTimepoint: null }),
    );
    expect(choice('Data at a time').getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByRole('status')).toBe(null);
  });

  it('says that a time skipped by the spring-forward change does not exist and which instant was taken', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Host onChange={onChange} />);
    await typeTime(user, '2026-03-29 02:30');
    expect(onChange.mock.calls[0]?.[0]).toMatchObject({
      timepoint: '2026-03-29 01:30',
      entry: { resolution: 'skipped' },
    });
    expect(screen.getByRole('status').textContent).toBe(
      '2026-03-29 02:30 does not exist in Europe/Vienna: the clocks jumped forward over it. Shown instead: 2026-03-29 03:30 local time (2026-03-29 01:30 UTC).',
    );
  });

  it('says that a time repeated by the fall-back change happens twice and that the earlier was taken', async () => {
    const user = userEvent.setup();
    render(<Host />);
    await typeTime(user, '2026-10-25 02:30');
    expect(screen.getByRole('status').textContent).toBe(
      '2026-10-25 02:30 happens twice in Europe/Vienna: the clocks went back. Shown: the earlier one, 2026-10-25 00:30 UTC.',
    );
  });

  it('shows a clear error for a malformed time, keeps the text and moves nowhere', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Host onChange={onChange} />);
    await typeTime(user, '1.3.2026 9:30');
    expect(onChange).not.toHaveBeenCalled();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(field()).toHaveProperty('value', '1.3.2026 9:30');
    expect(
      screen.getByText(
        "'1.3.2026 9:30' is not a time: type it as yyyy-MM-dd HH:mm, for example 2026-03-01 09:30.",
      ),
    ).toBeTruthy();
  });

  it('goes back to the previous timepoint in one click, and the one left becomes the previous', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Host
        initial={{ timepoint: '2026-02-01 08:00', previousTimepoint: '2026-01-01 08:00' }}
        onChange={onChange}
      />,
    );
    expect(screen.getByText('Back to 2026-01-01 08:00 UTC')).toBeTruthy();
    await user.click(choice('Previous timepoint'));
    expect(onChange).toHaveBeenLastCalledWith({
      timepoint: '2026-01-01 08:00',
      previousTimepoint: '2026-02-01 08:00',
    });
    expect(screen.getByText('Back to 2026-02-01 08:00 UTC')).toBeTruthy();
    await user.click(choice('Current data'));
    expect(onChange).toHaveBeenLastCalledWith({ timepoint: null, previousTimepoint: '2026-01-01 08:00' });
  });

  it('shows a timepoint set from outside (a link, the back button) in local time in its field', () => {
    const view = render(
      <TimeTravelToggle
        timepoint={null}
        previousTimepoint={null}
        timeZone="Europe/Vienna"
        onChange={vi.fn()}
      />,
    );
    view.rerender(
      <TimeTravelToggle
        timepoint="2026-07-01 10:00"
        previousTimepoint={null}
        timeZone="Europe/Vienna"
        onChange={vi.fn()}
      />,
    );
    expect(field()).toHaveProperty('value', '2026-07-01 12:00');
    expect(choice('Data at a time').getAttribute('aria-checked')).toBe('true');
  });

  it('is operable from the keyboard: arrows move between choices, Space chooses', async () => {
    const user = userEvent.setup();
    render(<Host />);
    await user.tab();
    expect(document.activeElement).toBe(choice('Current data'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(choice('Data at a time'));
    await user.keyboard(' ');
    expect(field()).toBeTruthy();
  });
  it('keeps toolbar keys: arrows stop at an unavailable or the last choice, Tab leaves the group and coming back returns to the choice focused last', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Host />
        <button type="button">After</button>
      </>,
    );
    await user.tab();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(choice('Data at a time'));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(choice('Current data'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(choice('Current data'));
    expect(choice('Current data').getAttribute('aria-checked')).toBe('true');
    expect(choice('Current data').hasAttribute('data-focus-visible')).toBe(true);
  });

  it('makes every choice unavailable while disabled', () => {
    render(<TimeTravelToggle timepoint={null} previousTimepoint={null} isDisabled onChange={vi.fn()} />);
    expect(screen.getByRole('radiogroup', { name: 'Time travel' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    for (const name of ['Current data', 'Data at a time', 'Previous timepoint']) {
      expect(choice(name).hasAttribute('disabled')).toBe(true);
    }
  });
});

describe('TimeTravelBanner', () => {
  it('names the timepoint in UTC and local time and says that nothing can be changed', () => {
    render(
      <TimeTravelBanner timepoint="2026-03-01 09:30" timeZone="Europe/Vienna" now={Date.UTC(2026, 5, 1)} />,
    );
    const banner = screen.getByRole('region', { name: 'Time travel' });
    expect(banner.textContent).toContain(
      'You are viewing the data as it was at 2026-03-01 09:30 UTC (2026-03-01 10:30 in Europe/Vienna).',
    );
    expect(banner.textContent).toContain('Nothing can be changed while a timepoint is viewed');
    expect(banner.hasAttribute('data-future')).toBe(false);
  });

  it('says that a future timepoint shows the current data', () => {
    render(<TimeTravelBanner timepoint="2099-01-01 00:00" timeZone="UTC" now={Date.UTC(2026, 5, 1)} />);
    const banner = screen.getByRole('region', { name: 'Time travel' });
    expect(banner.textContent).toContain(
      '2099-01-01 00:00 UTC (2099-01-01 00:00 in UTC) is in the future: the current data is shown.',
    );
    expect(banner.hasAttribute('data-future')).toBe(true);
  });
});
