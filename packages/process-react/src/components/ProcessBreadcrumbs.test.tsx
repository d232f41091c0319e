// @vitest-environment jsdom
import { isSanitizerLoaded } from '@procedo/forms-react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProcessBreadcrumbs } from './ProcessBreadcrumbs';

describe('ProcessBreadcrumbs before DOMPurify has loaded', () => {
  // First in this file: DOMPurify (loaded on demand) has not loaded before this render.
  it('shows the text only, then the sanitised links', async () => {
    render(
      <ProcessBreadcrumbs
        html={
          '<a href="/apps/flow/home/flow?id=1">Orders</a> › <b>Approve</b><img src=x onerror="window.hacked=1">'
        }
      />,
    );
    // A dynamic import never resolves synchronously: this is the page before DOMPurify.
    expect(isSanitizerLoaded()).toBe(false);
    const nav = screen.getByRole('navigation', { name: 'Process breadcrumbs' });
    expect(nav.querySelector('div')?.children).toHaveLength(0);
    expect(nav.textContent).toBe('Orders › Approve');
    expect((await screen.findByRole('link', { name: 'Orders' })).getAttribute('href')).toBe(
      '/apps/flow/home/flow?id=1',
    );
    expect(nav.querySelector('img')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});
