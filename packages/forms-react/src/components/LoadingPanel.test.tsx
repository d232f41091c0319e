// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingPanel } from './LoadingPanel';

describe('LoadingPanel', () => {
  it('shows an indeterminate progress bar named Loading… while visible', () => {
    render(<LoadingPanel isVisible />);
    const progress = screen.getByRole('progressbar', { name: 'Loading…' });
    expect(progress.hasAttribute('aria-valuenow')).toBe(false);
  });

  it('takes a label', () => {
    render(<LoadingPanel isVisible label="Opening the form" />);
    expect(screen.getByRole('progressbar', { name: 'Opening the form' })).toBeTruthy();
  });

  it('renders nothing while hidden', () => {
    const { container } = render(<LoadingPanel isVisible={false} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(container.innerHTML).toBe('');
  });
});
