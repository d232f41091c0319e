import type { AuditEvent, AuditTrail, AuditVerification } from '@procedo/client-api';
import { type AuditTrailApi, AuditTrailPanel, I18nProvider } from '@procedo/forms-react';
import type { Meta, StoryObj } from '@storybook/react-vite';

/** A fixed trail of deviation 42: created, a signed change (its update and its signature), an edit. */
const TRAIL: AuditEvent[] = [
  {
    Seq: 1,
    Kind: 'create',
    Version: 1,
    UserName: 'operator',
    LegalName: 'Olive Operator',
    AtUtc: '2026-01-05T09:30:12.000Z',
    Changes: [
      { Name: 'Title', Old: null, New: 'Cold room excursion' },
      { Name: 'Severity', Old: null, New: 'Minor' },
    ],
    Reason: null,
    Signature: null,
    Hash: 'a1',
  },
  {
    Seq: 2,
    Kind: 'update',
    Version: 2,
    UserName: 'supervisor',
    LegalName: 'Sam Supervisor',
    AtUtc: '2026-01-06T14:02:00.000Z',
    Changes: [{ Name: 'Severity', Old: 'Minor', New: 'Major' }],
    Reason: 'Product affected',
    Signature: null,
    Hash: 'a2',
  },
  {
    Seq: 3,
    Kind: 'sign',
    Version: 2,
    UserName: 'supervisor',
    LegalName: 'Sam Supervisor',
    AtUtc: '2026-01-06T14:02:00.000Z',
    Changes: [{ Name: 'Severity', Old: 'Minor', New: 'Major' }],
    Reason: 'Product affected',
    Signature: 'Sam Supervisor',
    Hash: 'a3',
  },
  {
    Seq: 4,
    Kind: 'update',
    Version: 3,
    UserName: 'operator',
    LegalName: 'Olive Operator',
    AtUtc: '2026-01-07T08:15:45.000Z',
    Changes: [{ Name: 'Description', Old: null, New: 'Door left open overnight.' }],
    Reason: null,
    Signature: null,
    Hash: 'a4',
  },
];

const LABELS: Record<string, string> = { Title: 'Title', Severity: 'Severity', Description: 'Description' };

/** Answers from {@link TRAIL}, `limit` at a time; the verify answer given. */
function fixedApi(
  verification: AuditVerification = { Intact: true, FirstBadSeq: null, Events: 4 },
): AuditTrailApi {
  return {
    async audit(_no, _id, query = {}) {
      const items = TRAIL.filter((event) => event.Seq > (query.afterSeq ?? 0)).slice(0, query.limit ?? 100);
      const last = items.at(-1)?.Seq ?? null;
      return { Items: items, NextAfterSeq: last !== null && last < 4 ? last : null } satisfies AuditTrail;
    },
    async verifyAudit() {
      return verification;
    },
  };
}

const never = <T,>() => new Promise<T>(() => undefined);

const meta = {
  title: 'forms-react/Record/AuditTrailPanel',
  component: AuditTrailPanel,
  args: {
    api: fixedApi(),
    webTemplateNo: 103,
    recordId: 42,
    formTitle: 'Deviation',
    fieldLabel: (name: string) => LABELS[name] ?? name,
    printHref: '/audit-print?WebTemplateNo=103&RecordId=42',
    timeZone: 'Europe/Vienna',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 900 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AuditTrailPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The whole trail, oldest first, the signed change with its manifestation, and the intact mark. */
export const Default: Story = {};

/** Two events a page: **Load more events** reads the next. */
export const Paged: Story = { args: { pageSize: 2 } };

/** The verify call found the chain broken at event 3. */
export const Altered: Story = { args: { api: fixedApi({ Intact: false, FirstBadSeq: 3, Events: 4 }) } };

/** Reading the first page. */
export const Loading: Story = {
  args: { api: { audit: () => never<AuditTrail>(), verifyAudit: () => never<AuditVerification>() } },
};

/** The trail could not be read. */
export const ReadFailed: Story = {
  args: {
    api: {
      audit: async () => {
        throw new Error('HTTP 500');
      },
      verifyAudit: () => never<AuditVerification>(),
    },
  },
};

/** Inside a side panel that has its own heading. */
export const WithoutTitle: Story = { args: { showTitle: false } };

/** Right to left. */
export const RightToLeft: Story = {
  render: (args) => (
    <I18nProvider locale="ar-EG">
      <div dir="rtl">
        <AuditTrailPanel {...args} />
      </div>
    </I18nProvider>
  ),
};
