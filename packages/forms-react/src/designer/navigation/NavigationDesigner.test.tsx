// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NavigationDesigner, type NavigationPublishRequest } from './NavigationDesigner';
import { OPERATOR_NAVIGATION } from './navigation-fixtures';

const FORMS = [
  { value: 101, label: 'Suppliers (101)' },
  { value: 102, label: 'Deviations (102)' },
  { value: 104, label: 'Batches (104)' },
];

function renderDesigner(onPublish = vi.fn(async (_: NavigationPublishRequest) => ({ Version: 2 }))) {
  const user = userEvent.setup();
  render(
    <NavigationDesigner
      navigation={OPERATOR_NAVIGATION}
      profileName="Operators"
      onPublish={onPublish}
      forms={FORMS}
      dashboards={[{ value: 1, label: 'Quality overview' }]}
      helpTopics={[{ value: 'getting-started', label: 'Getting started' }]}
    />,
  );
  return { user, onPublish };
}

const tree = () => screen.getByRole('treegrid', { name: 'Navigation' });
const row = (name: RegExp) => within(tree()).getByRole('row', { name });
const keys = () =>
  within(tree())
    .getAllByRole('row')
    .map((item) => item.getAttribute('data-key'));
/** The text of the elements an element's aria-describedby names. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
const details = () => screen.getByRole('region', { name: 'Node' });

async function publishWithNote(user: ReturnType<typeof userEvent.setup>, note = 'Deviations for operators') {
  await user.type(screen.getByLabelText('Change note'), note);
  await user.click(screen.getByRole('button', { name: 'Publish' }));
}

describe('NavigationDesigner', () => {
  it('adds a child linking form 102 and publishes the tree with the kept ids', async () => {
    const { user, onPublish } = renderDesigner();
    await user.click(row(/^Quality/));
    await user.click(screen.getByRole('button', { name: 'Add child' }));
    const title = within(details()).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Deviations');
    await user.selectOptions(within(details()).getByLabelText('Opens'), 'form');
    await user.selectOptions(within(details()).getByLabelText('Target'), '102');
    await publishWithNote(user);
    expect(onPublish).toHaveBeenCalledOnce();
    const sent = onPublish.mock.calls[0]![0];
    expect(sent.changeNote).toBe('Deviations for operators');
    expect(sent.navigation.Nodes[0]!.Children.map((node) => [node.Id, node.Title, node.Link])).toEqual([
      [11, 'Suppliers', { Kind: 'form', WebTemplateNo: 101 }],
      [12, 'Batches', { Kind: 'form', WebTemplateNo: 104 }],
      [undefined, 'Deviations', { Kind: 'form', WebTemplateNo: 102 }],
    ]);
    expect((await screen.findByRole('status')).textContent).toContain('Published version 2');
  });

  it('moves the focused node with Alt+Arrow keys and by buttons', async () => {
    const { user } = renderDesigner();
    await user.click(row(/^Batches/));
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(keys()).toEqual(['n10', 'n12', 'n11', 'n20', 'n21']);
    await user.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    expect(keys()).toEqual(['n10', 'n11', 'n12', 'n20', 'n21']);
    expect(
      within(tree())
        .getByRole('row', { name: /^Batches/ })
        .getAttribute('aria-level'),
    ).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Move in' }));
    expect(
      within(tree())
        .getByRole('row', { name: /^Batches/ })
        .getAttribute('aria-level'),
    ).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(keys()).not.toContain('n12');
  });

  it('shows a problem at its node and publishes nothing until it is fixed', async () => {
    const { user, onPublish } = renderDesigner();
    await user.click(row(/^Getting started/));
    await user.selectOptions(within(details()).getByLabelText('Opens'), 'url');
    const path = within(details()).getByLabelText('Path');
    await user.clear(path);
    await user.type(path, 'javascript:alert(1)');
    expect(row(/^Getting started, 1 problem/).getAttribute('data-invalid')).toBe('true');
    expect(description(path)).toBe('Enter a path of this site, starting with /');
    await publishWithNote(user);
    expect(onPublish).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('Fix the problem before publishing.');
  });

  it('shows the server issues at their nodes', async () => {
    const onPublish = vi.fn(async () => {
      throw {
        code: 'VALIDATION',
        issues: [
          {
            path: ['Navigation', 'Nodes', 0, 'Children', 1, 'Link', 'WebTemplateNo'],
            message: 'No form 104',
          },
        ],
      };
    });
    const { user } = renderDesigner(onPublish);
    await publishWithNote(user);
    expect((await screen.findByRole('alert')).textContent).toContain('The server found problems');
    await user.click(row(/^Batches, 1 problem/));
    expect(description(within(details()).getByLabelText('Target'))).toBe('No form 104');
  });

  it('keeps the draft on a conflict and says who won', async () => {
    const onPublish = vi.fn(async () => {
      throw { code: 'CONFLICT', currentVersion: 3 };
    });
    const { user } = renderDesigner(onPublish);
    await user.click(row(/^Help/));
    const title = within(details()).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Help and guides');
    await publishWithNote(user);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Another designer published version 3 first',
    );
    expect(row(/^Help and guides/)).toBeTruthy();
    expect((screen.getByLabelText('Change note') as HTMLTextAreaElement).value).toBe(
      'Deviations for operators',
    );
  });
});
