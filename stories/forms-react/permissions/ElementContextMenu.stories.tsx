import { setPermissionsMode } from '@procedo/forms-react';
import { ElementContextMenu } from '@procedo/forms-react/permissions';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useEffect } from 'react';
import { fn } from 'storybook/test';
import { seededForm } from '../form/seeded-forms';
import { DemoForm } from '../form/story-support';

const meta = {
  title: 'forms-react/Permissions/ElementContextMenu',
  component: ElementContextMenu,
  args: {
    anchor: { x: 120, y: 80 },
    elementName: 'Email',
    onOpenPermissions: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof ElementContextMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Open at a fixed pointer position, its entry focused. */
export const Open: Story = {};

/** Near the window's corner: flipped and shifted to stay on screen. */
export const NearTheEdge: Story = { args: { anchor: { x: 4000, y: 4000 } } };

function ModeOn({ children }: { children: ReactNode }) {
  useEffect(() => {
    setPermissionsMode(true);
    return () => setPermissionsMode(false);
  }, []);
  return <>{children}</>;
}

/**
 * The supplier form in permissions mode: right-click any element (or focus one and press
 * Shift+F10) to open the menu at the pointer.
 */
export const OnAFormInPermissionsMode: Story = {
  render: (args) => (
    <ModeOn>
      <DemoForm definition={seededForm(102)} onOpenPermissions={args.onOpenPermissions} />
    </ModeOn>
  ),
};
