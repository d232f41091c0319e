// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type NotificationItem, NotificationList } from './NotificationList';

const notifications: NotificationItem[] = [
  { id: 'a', type: 'info', text: 'Saved' },
  { id: 'b', type: 'validation', text: 'Name is required' },
  { id: 'c', type: 'error', text: 'Error loading profile navigation items' },
];

describe('NotificationList', () => {
  it('announces errors as alerts and the others as status messages, each marked with its type', () => {
    render(<NotificationList notifications={notifications} onDismiss={() => {}} />);
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getByRole('alert').textContent).toBe('Error loading profile navigation items');
    expect(
      within(region)
        .getAllByRole('status')
        .map((status) => status.textContent),
    ).toEqual(['Saved', 'Name is required']);
    expect(
      [...region.querySelectorAll('.procedo-Notification')].map((item) => item.getAttribute('data-type')),
    ).toEqual(['info', 'validation', 'error']);
  });

  it('dismisses the notification that is clicked', async () => {
    const user = userEvent.setup();
    const onDismiss = vi.fn();
    render(<NotificationList notifications={notifications} onDismiss={onDismiss} />);
    await user.click(screen.getByRole('button', { name: 'Error loading profile navigation items' }));
    expect(onDismiss).toHaveBeenCalledWith('c');
  });

  it('marks an empty list so it takes no room', () => {
    render(<NotificationList notifications={[]} onDismiss={() => {}} />);
    expect(screen.getByRole('region', { name: 'Notifications' }).hasAttribute('data-empty')).toBe(true);
  });
});
