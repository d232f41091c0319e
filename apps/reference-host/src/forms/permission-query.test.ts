import { describe, expect, it } from 'vitest';
import { parsePermissionQuery, permissionEditorHref } from './permission-query';

const parse = (query: string) => parsePermissionQuery(new URLSearchParams(query));

describe('the permissions editor page query', () => {
  it('reads the form, the data view, the owner (1 user, 2 profile) and the element to focus', () => {
    expect(
      parse(
        'WebTemplateNo=101&PERMISSION_FORMID=102&PERMISSION_DV_TABLEID=supplier&PERMISSION_OWNERTYPEID=2&PERMISSION_OWNERNO=2&FormElementName=Email',
      ),
    ).toEqual({
      ok: true,
      query: {
        webTemplateNo: 101,
        formId: 102,
        dataViewTableId: 'supplier',
        owner: { ownerType: 'profile', ownerId: 2 },
        focusElement: 'Email',
      },
    });
    expect(parse('PERMISSION_FORMID=102&PERMISSION_OWNERTYPEID=1&PERMISSION_OWNERNO=7')).toMatchObject({
      ok: true,
      query: { webTemplateNo: 102, owner: { ownerType: 'user', ownerId: 7 }, dataViewTableId: null },
    });
  });

  it('names each parameter that is missing or wrong', () => {
    expect(parse('WebTemplateNo=102')).toEqual({
      ok: false,
      problems: [{ param: 'PERMISSION_FORMID', message: 'is missing' }],
    });
    const result = parse(
      'PERMISSION_FORMID=x&PERMISSION_OWNERTYPEID=3&PERMISSION_OWNERNO=2&PERMISSION_DV_TABLEID=No Table',
    );
    expect(result.ok ? [] : result.problems.map((problem) => problem.param)).toEqual([
      'PERMISSION_FORMID',
      'PERMISSION_DV_TABLEID',
      'PERMISSION_OWNERTYPEID',
    ]);
    const half = parse('PERMISSION_FORMID=102&PERMISSION_OWNERTYPEID=2');
    expect(half.ok ? [] : half.problems.map((problem) => problem.param)).toEqual(['PERMISSION_OWNERNO']);
  });

  it('writes an address it reads back', () => {
    const href = permissionEditorHref({
      webTemplateNo: 102,
      dataViewTableId: 'supplier',
      owner: { ownerType: 'user', ownerId: 2 },
      focusElement: 'Email',
      keep: new URLSearchParams('UGoToItemNo=5'),
    });
    expect(href.startsWith('/_forms/form?')).toBe(true);
    const read = parse(href.slice(href.indexOf('?') + 1));
    expect(read).toMatchObject({
      ok: true,
      query: { formId: 102, owner: { ownerType: 'user', ownerId: 2 } },
    });
    expect(new URLSearchParams(href.slice(href.indexOf('?'))).get('UGoToItemNo')).toBe('5');
  });
});
