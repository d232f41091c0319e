// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CLOSE_DIALOG_MESSAGE, FormDialog } from '../opening/FormDialog';
import { createFormOpener, type OpenerWindow } from '../opening/form-opener';
import type { DialogTarget } from '../opening/open-target';
import {
  FILTER_EDITOR_MESSAGE,
  filterEditorUrl,
  openFilterEditor,
  postFilterEditorResult,
  readFilterEditorParams,
  useFilterEditorResult,
} from './open-filter-editor';

const params = {
  webTemplateNo: 101,
  entityViewName: 'Suppliers',
  entityViewId: 'suppliers',
  entityViewFilterIdListControl: 'SupplierFilters',
  entityViewFilterIdList: [3, 5],
};

function setup(open: OpenerWindow['open']) {
  const win = {
    location: { href: 'http://127.0.0.1:3000/form?WebTemplateNo=101', assign: vi.fn() },
    innerWidth: 1200,
    innerHeight: 800,
    screen: { width: 1920, height: 1080 },
    top: null,
    parent: null,
    frames: {},
    open: vi.fn(open),
  };
  const dialogs: DialogTarget[] = [];
  const alerts: string[] = [];
  const opener = createFormOpener({
    window: win,
    showDialog: (d) => dialogs.push(d),
    alert: (t) => alerts.push(t),
  });
  return { win, opener, dialogs, alerts };
}

describe('openFilterEditor', () => {
  it('opens the editor with its parameters as an 800×400 popup', () => {
    const child = { closed: false, addEventListener: vi.fn() } as unknown as Window;
    const { win, opener, dialogs } = setup(() => child);
    const outcome = openFilterEditor(opener, params);
    expect(outcome.target.kind).toBe('popup');
    const [url, , features] = win.open.mock.calls[0] ?? [];
    expect(url).toBe(
      '/filter-editor?WebTemplateNo=101&EntityViewName=Suppliers&EntityViewId=suppliers&EntityViewFilterIdListControl=SupplierFilters&EntityViewFilterIdList=3%2C5',
    );
    expect(features).toMatch(/width=800,height=400/);
    expect(dialogs).toEqual([]);
  });

  it('falls back to a modal dialog of the same size when the popup is blocked', () => {
    const { opener, dialogs, alerts } = setup(() => null);
    const outcome = openFilterEditor(opener, params);
    expect(outcome.target.kind).toBe('dialog');
    expect(dialogs).toEqual([
      expect.objectContaining({
        url: filterEditorUrl(params),
        width: 800,
        height: 400,
        title: 'Suppliers',
        isModal: true,
      }),
    ]);
    expect(alerts).toHaveLength(1);
  });
});

describe('the editor’s parameters', () => {
  it('reads back what filterEditorUrl wrote, and names a malformed one', () => {
    const url = new URL(filterEditorUrl(params), 'http://h');
    expect(readFilterEditorParams(url.searchParams)).toEqual({ params, problem: null });
    expect(readFilterEditorParams(new URLSearchParams('WebTemplateNo=x')).problem).toBe('WebTemplateNo');
    expect(
      readFilterEditorParams(new URLSearchParams('WebTemplateNo=1&EntityViewFilterIdList=1,a')).problem,
    ).toBe('EntityViewFilterIdList');
  });
});

function Grid({ onResult }: { onResult: (event: { ids: number[]; viewId: string }) => void }) {
  useFilterEditorResult('SupplierFilters', onResult);
  return null;
}

describe('the result of Apply', () => {
  it('goes to a popup’s opener on this origin only', () => {
    const opener = { closed: false, postMessage: vi.fn() };
    const win = { opener, parent: null, location: { origin: 'http://127.0.0.1:3000' } };
    expect(postFilterEditorResult(win as never, { control: 'C', ids: [3], viewId: 'v' })).toBe('popup');
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: FILTER_EDITOR_MESSAGE, control: 'C', ids: [3], viewId: 'v' },
      'http://127.0.0.1:3000',
    );
  });

  it('goes to the page around a dialog, which is asked to close it', () => {
    const parent = { postMessage: vi.fn() };
    const win = { opener: null, parent, location: { origin: 'http://127.0.0.1:3000' } };
    expect(postFilterEditorResult(win as never, { control: 'C', ids: [], viewId: 'v' })).toBe('dialog');
    expect(parent.postMessage.mock.calls.map(([data]) => data.type)).toEqual([
      FILTER_EDITOR_MESSAGE,
      CLOSE_DIALOG_MESSAGE,
    ]);
  });

  it('is received for its control from this origin, and nothing else is', () => {
    const onResult = vi.fn();
    render(<Grid onResult={onResult} />);
    const send = (data: unknown, origin = window.location.origin) =>
      act(() => {
        window.dispatchEvent(new MessageEvent('message', { data, origin }));
      });
    const message = { type: FILTER_EDITOR_MESSAGE, control: 'SupplierFilters', viewId: 'suppliers' };
    send({ ...message, ids: [3] }, 'http://evil.example');
    send({ ...message, control: 'Other', ids: [3] });
    send({ ...message, ids: ['3'] });
    send({ ...message, ids: [3, 5] });
    expect(onResult.mock.calls).toEqual([[{ ids: [3, 5], viewId: 'suppliers' }]]);
  });
});

describe('a form dialog', () => {
  it('closes when the page in its own frame asks, and not for any other window', () => {
    const onClose = vi.fn();
    render(
      <FormDialog
        request={{ url: '/filter-editor', width: 800, height: 400, title: 'F', isModal: true }}
        onClose={onClose}
      />,
    );
    const frame = document.querySelector('iframe')!;
    const ask = (source: MessageEventSource | null, origin = window.location.origin) =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', { data: { type: CLOSE_DIALOG_MESSAGE }, origin, source }),
        );
      });
    ask(window);
    ask(frame.contentWindow, 'http://evil.example');
    expect(onClose).not.toHaveBeenCalled();
    ask(frame.contentWindow);
    expect(onClose).toHaveBeenCalledOnce();
  });
});
