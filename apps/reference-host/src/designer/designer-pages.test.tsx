// @vitest-environment jsdom
import type { SessionContext } from '@procedo/client-api';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DesignerChangesPage } from '../routes/DesignerChangesPage';
import { DesignerCommandPage } from '../routes/DesignerCommandPage';
import { DesignerFormPage } from '../routes/DesignerFormPage';
import { DesignerListPage } from '../routes/DesignerListPage';
import { SignedInContext } from '../shell/signed-in-context';
import {
  commandDesignerHref,
  formDesignerHref,
  readDesignerCommandId,
  readDesignerTemplateNo,
} from './designer-query';

const operator = {
  Roles: [],
  DesignMode: { CanDesign: false, CanDesignNavigation: false },
} as unknown as SessionContext;

const render = (page: React.ReactNode, address: string) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[address]}>
      <SignedInContext.Provider
        value={{
          context: operator,
          errorHandler: { handle() {}, showErrorWindow() {} },
          onContextChange() {},
        }}
      >
        {page}
      </SignedInContext.Provider>
    </MemoryRouter>,
  );

describe('the designer pages', () => {
  it('tell a user without the design-mode permission that they may not design forms, and load nothing', () => {
    for (const [page, address] of [
      [<DesignerFormPage key="form" />, '/designer/form?WebTemplateNo=102'],
      [<DesignerCommandPage key="command" />, '/designer/command?CommandId=2'],
      [<DesignerListPage key="list" />, '/designer'],
      [<DesignerChangesPage key="changes" />, '/designer/changes'],
    ] as const) {
      const html = render(page, address);
      expect(html).toContain('You do not have the right to design forms.');
      expect(html).not.toContain('Loading');
    }
  });
});

describe('the designer address', () => {
  it('reads WebTemplateNo only as a positive whole number, and writes it back', () => {
    const read = (query: string) => readDesignerTemplateNo(new URLSearchParams(query));
    expect(read('WebTemplateNo=102')).toBe(102);
    expect(read(formDesignerHref(7).split('?')[1]!)).toBe(7);
    for (const bad of [
      '',
      'WebTemplateNo=',
      'WebTemplateNo=0',
      'WebTemplateNo=-3',
      'WebTemplateNo=1.5',
      'WebTemplateNo=x',
    ]) {
      expect(read(bad)).toBeNull();
    }
  });
});

describe('the command designer address', () => {
  it('reads CommandId only as a positive whole number, and writes it back', () => {
    const read = (query: string) => readDesignerCommandId(new URLSearchParams(query));
    expect(read('CommandId=2')).toBe(2);
    expect(read(commandDesignerHref(9).split('?')[1]!)).toBe(9);
    for (const bad of ['', 'CommandId=', 'CommandId=0', 'CommandId=-3', 'CommandId=1.5', 'WebTemplateNo=2']) {
      expect(read(bad)).toBeNull();
    }
  });
});
