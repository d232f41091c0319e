import { HtmlAlertDialog } from '@procedo/forms-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';

const meta = {
  title: 'forms-react/Shell/HtmlAlertDialog',
  component: HtmlAlertDialog,
  args: {
    isOpen: true,
    title: 'Server error',
    html: "<h2>Server Error in '/' Application.</h2><p>Object reference not set to an instance of an object.</p><p><b>Exception Details:</b> System.NullReferenceException</p>",
    onClose: fn(),
  },
} satisfies Meta<typeof HtmlAlertDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Server HTML shown in the HTML Alert dialog. */
export const Open: Story = {};

/** A full error page with a script, an event handler, a style sheet and a form: all removed. */
export const Sanitised: Story = {
  args: {
    html: [
      '<html><head><style>body { display: none }</style><script>alert("xss")</script></head><body>',
      '<h2>Runtime Error</h2><p>An application error occurred on the server.</p>',
      '<img src="missing.png" alt="broken image" onerror="alert(1)">',
      '<p><a href="javascript:alert(1)">details</a></p>',
      '<form action="https://example.invalid"><input name="password"></form></body></html>',
    ].join(''),
  },
};

/** Closed: nothing on screen. */
export const Closed: Story = { args: { isOpen: false } };
