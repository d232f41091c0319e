import { describe, expect, it } from 'vitest';
import {
  FILTER_EDITOR_POPUP_SIZE,
  formatPopupFeatures,
  isSafeOpenUrl,
  type OpenEnvironment,
  type OpenSize,
  type OpenTarget,
  parseOpenSize,
  processStepOpenRequest,
  resolveOpenRequest,
} from './open-target';

const env: OpenEnvironment = { windowWidth: 1200, windowHeight: 800, screenWidth: 1920, screenHeight: 1080 };
const url = '/form?WebTemplateNo=12';

function kindAndName(target: OpenTarget) {
  return { kind: target.kind, name: 'name' in target ? target.name : undefined };
}

describe('resolveOpenRequest: targets', () => {
  it.each([
    [undefined, 'popup', '_blank'],
    ['', 'popup', '_blank'],
    ['  ', 'popup', '_blank'],
    ['_blank', 'popup', '_blank'],
    ['_BLANK', 'popup', '_blank'],
    ['_popup', 'popup', '_blank'],
    ['_blankStep7', 'popup', '_blankStep7'],
    ['_tab', 'tab', '_blank'],
    ['_tabOrders', 'tab', '_tabOrders'],
    ['orders_tab', 'tab', 'orders_tab'],
    ['_self', 'self', undefined],
    ['_top', 'top', undefined],
    ['_parent', 'parent', undefined],
    ['orders_self', 'self', undefined],
    ['orders_top', 'top', undefined],
    ['orders_parent', 'parent', undefined],
    ['_TOP', 'top', undefined],
    ['rightFrame', 'frame', 'rightFrame'],
    ['helpPane', 'frame', 'helpPane'],
  ])('opens target %j as a %s named %j', (target, kind, name) => {
    expect(kindAndName(resolveOpenRequest({ url, target }, env))).toEqual({ kind, name });
  });

  it.each(['_dialog', 'supplier_dialog', 'Supplier_Dialog', '_tab_dialog', '_blank_dialog'])(
    'opens target %j as a dialog, the _dialog suffix winning over the others',
    (target) => {
      expect(resolveOpenRequest({ url, target }, env).kind).toBe('dialog');
    },
  );

  it('keeps the URL on every kind of target', () => {
    for (const target of ['', '_tab', 'x_dialog', '_self', '_top', '_parent', 'frameA']) {
      expect(resolveOpenRequest({ url, target }, env).url).toBe(url);
    }
  });

  it('makes a dialog modal with an empty title unless told otherwise', () => {
    expect(resolveOpenRequest({ url, target: 'x_dialog' }, env)).toMatchObject({ title: '', isModal: true });
    expect(
      resolveOpenRequest({ url, target: 'x_dialog', title: 'Supplier', isModal: false }, env),
    ).toMatchObject({
      title: 'Supplier',
      isModal: false,
    });
  });
});

describe('resolveOpenRequest: popup sizes', () => {
  const popupSize = (size: OpenSize | undefined, environment = env) => {
    const target = resolveOpenRequest({ url, ...(size === undefined ? {} : { size }) }, environment);
    if (target.kind !== 'popup') throw new Error(`expected a popup, got ${target.kind}`);
    return target.features;
  };

  it('opens 600×400 by default, centred on the screen', () => {
    expect(popupSize(undefined)).toEqual({ width: 600, height: 400, left: 660, top: 340 });
  });

  it.each([
    // Window 1200×800: popups may fill 1120×720 (a 40 px margin on every side).
    ['max', 1120, 720],
    ['max2', 560, 720],
    ['max3', 746, 720],
    ['max4', 840, 720],
    ['max_m', 1120, 720],
    ['max_m100', 1100, 700],
  ] as const)('sizes %s as %i×%i in a 1200×800 window', (size, width, height) => {
    expect(popupSize(size)).toMatchObject({ width, height });
  });

  it('keeps a size in pixels that fits', () => {
    expect(popupSize({ width: 800, height: 500 })).toEqual({ width: 800, height: 500, left: 560, top: 290 });
  });

  it('fits a popup within the window with a 40 px margin', () => {
    expect(popupSize({ width: 2000, height: 1000 })).toMatchObject({ width: 1120, height: 720 });
    const small: OpenEnvironment = {
      windowWidth: 500,
      windowHeight: 300,
      screenWidth: 1920,
      screenHeight: 1080,
    };
    expect(popupSize(undefined, small)).toEqual({ width: 420, height: 220, left: 750, top: 430 });
  });

  it('never makes a popup smaller than 100×100, even in a tiny window', () => {
    const tiny: OpenEnvironment = {
      windowWidth: 150,
      windowHeight: 120,
      screenWidth: 800,
      screenHeight: 600,
    };
    expect(popupSize(undefined, tiny)).toMatchObject({ width: 100, height: 100 });
  });

  it('never places a popup off the screen when the screen is smaller than the popup', () => {
    const odd: OpenEnvironment = {
      windowWidth: 1200,
      windowHeight: 800,
      screenWidth: 400,
      screenHeight: 300,
    };
    expect(popupSize(undefined, odd)).toMatchObject({ left: 0, top: 0 });
  });

  it('opens the filter editor 800×400, fitted like any popup', () => {
    expect(popupSize(FILTER_EDITOR_POPUP_SIZE)).toMatchObject({ width: 800, height: 400 });
    const narrow: OpenEnvironment = {
      windowWidth: 800,
      windowHeight: 500,
      screenWidth: 1280,
      screenHeight: 720,
    };
    expect(popupSize(FILTER_EDITOR_POPUP_SIZE, narrow)).toMatchObject({ width: 720, height: 400 });
  });

  it('sizes a named _blank popup like the default one', () => {
    expect(resolveOpenRequest({ url, target: '_blankStep', size: 'max2' }, env)).toMatchObject({
      features: { width: 560, height: 720 },
    });
  });
});

describe('resolveOpenRequest: dialog sizes', () => {
  const dialogSize = (size: OpenSize | undefined) => {
    const target = resolveOpenRequest(
      { url, target: '_dialog', ...(size === undefined ? {} : { size }) },
      env,
    );
    if (target.kind !== 'dialog') throw new Error(`expected a dialog, got ${target.kind}`);
    return { width: target.width, height: target.height };
  };

  it('is the window size minus 20 by default', () => {
    expect(dialogSize(undefined)).toEqual({ width: 1180, height: 780 });
  });

  it.each([
    ['max', 1180, 780],
    ['max2', 590, 780],
    ['max3', 786, 780],
    ['max4', 885, 780],
    ['max_m', 1180, 780],
    ['max_m100', 1100, 700],
  ] as const)('sizes %s as %i×%i in a 1200×800 window', (size, width, height) => {
    expect(dialogSize(size)).toEqual({ width, height });
  });

  it('keeps a size in pixels but never exceeds the window minus 20', () => {
    expect(dialogSize({ width: 300, height: 185 })).toEqual({ width: 300, height: 185 });
    expect(dialogSize({ width: 3000, height: 185 })).toEqual({ width: 1180, height: 185 });
  });
});

describe('parseOpenSize', () => {
  it.each([
    ['max', 'max'],
    ['MAX2', 'max2'],
    [' max_m100 ', 'max_m100'],
    ['800x400', { width: 800, height: 400 }],
    ['800 X 400', { width: 800, height: 400 }],
    ['800,400', { width: 800, height: 400 }],
  ])('reads %j', (text, size) => {
    expect(parseOpenSize(text)).toEqual(size);
  });

  it.each(['', 'max5', 'big', '0x400', '800x', null, undefined])('reads %j as the default size', (text) => {
    expect(parseOpenSize(text)).toBeUndefined();
  });
});

describe('processStepOpenRequest', () => {
  it('opens a process step dialog titled with the step name and not modal', () => {
    const request = processStepOpenRequest({
      url: '/form?a_step_id=4',
      urlToOpenTarget: '_dialog',
      stepName: 'Approve',
    });
    expect(resolveOpenRequest(request, env)).toMatchObject({
      kind: 'dialog',
      title: 'Approve',
      isModal: false,
    });
  });

  it.each([
    ['_top', 'top'],
    ['_parent', 'parent'],
    ['_tabStep4', 'tab'],
    ['_blankStep4', 'popup'],
  ])('opens a process step whose target is %s in the %s window', (urlToOpenTarget, kind) => {
    const request = processStepOpenRequest({ url: '/form', urlToOpenTarget, stepName: 'Approve' });
    expect(resolveOpenRequest(request, env).kind).toBe(kind);
  });
});

describe('formatPopupFeatures', () => {
  it('writes the window.open features of a fitted popup', () => {
    expect(formatPopupFeatures({ width: 600, height: 400, left: 660, top: 340 })).toBe(
      'popup=yes,width=600,height=400,left=660,top=340,resizable=yes,scrollbars=yes',
    );
  });
});

describe('isSafeOpenUrl', () => {
  const base = 'http://127.0.0.1:3000/form?WebTemplateNo=1';
  it.each(['/form?WebTemplateNo=2', 'form?x=1', 'https://example.com/a', 'about:blank'])(
    'accepts %s',
    (value) => {
      expect(isSafeOpenUrl(value, base)).toBe(true);
    },
  );
  it.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>1</script>', 'vbscript:x'])(
    'refuses %s',
    (value) => {
      expect(isSafeOpenUrl(value, base)).toBe(false);
    },
  );
});
