import { Messages } from '@procedo/client-api';
import { describe, expect, it } from 'vitest';
import { readSilentPostback, SILENT_POSTBACK_PARAM, silentPostback } from './silent-postback';

function openerWindow(opens: (url: string) => unknown) {
  const calls: { url: string; target: string; features: string }[] = [];
  const win = {
    location: { href: 'http://host.test/form?WebTemplateNo=102&UGoToItemNo=17' },
    screen: { availWidth: 1600, availHeight: 1000 },
    open(url: string, target: string, features: string) {
      calls.push({ url, target, features });
      return opens(url);
    },
  };
  return { win, calls };
}

describe('the silent postback into a popup (spec §7)', () => {
  it('opens a 600x400 popup on the page with a one-off key, where the popup reads the values', () => {
    const { win, calls } = openerWindow(() => ({}));
    const result = silentPostback(win, {
      url: '/form?WebTemplateNo=102',
      values: { Name: 'Atlas', Rating: 4 },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]!.url, 'http://host.test');
    expect(url.pathname).toBe('/form');
    expect(url.searchParams.get('WebTemplateNo')).toBe('102');
    expect(url.searchParams.get(SILENT_POSTBACK_PARAM)).toBe(result.key);
    expect(calls[0]?.target).toBe('procedo_postback');
    expect(calls[0]?.features).toBe(
      'popup=yes,width=600,height=400,left=500,top=300,resizable=yes,scrollbars=yes',
    );
    // The popup's window has this one as its opener.
    expect(readSilentPostback({ opener: win }, result.key)).toEqual({ Name: 'Atlas', Rating: 4 });
    expect(readSilentPostback({ opener: win }, 'postback-other')).toBeNull();
    expect(readSilentPostback({}, result.key)).toBeNull();
  });

  it("answers 'Silent Postback: Template save failed to create a window' when no popup opens, keeping nothing", () => {
    let seenKey = '';
    const { win } = openerWindow((url) => {
      seenKey = new URL(url, 'http://host.test').searchParams.get(SILENT_POSTBACK_PARAM) ?? '';
      return null;
    });
    const result = silentPostback(win, { url: '/form?WebTemplateNo=102', values: { Name: 'Atlas' } });
    expect(result).toEqual({
      ok: false,
      message: 'Silent Postback: Template save failed to create a window',
    });
    expect(Messages.silentPostbackNoWindow).toBe('Silent Postback: Template save failed to create a window');
    expect(readSilentPostback({ opener: win }, seenKey)).toBeNull();

    const throwing = openerWindow(() => {
      throw new Error('blocked');
    });
    expect(silentPostback(throwing.win, { url: '/form?WebTemplateNo=1', values: {} }).ok).toBe(false);
  });
});
