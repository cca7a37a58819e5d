import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AgencyInvitationTool } from '../blocks/AgencyInvitationTool/index.ts';
import { AGENCY_API, INACTIVE_OWNER, OWNER } from './fixtures/storyAgency.ts';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/AgencyInvitationTool',
  component: AgencyInvitationTool,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { agencyUser: OWNER, api: AGENCY_API } },
} satisfies Meta<typeof AgencyInvitationTool>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The invitation form first: the employee number prefilled, a sent invitation confirmed. */
export const InvitationForm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Einladungstool' })).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Einladen' })).toHaveAttribute('aria-selected', 'true');
    const number = await canvas.findByLabelText('Mitarbeiternummer', undefined, { timeout: 10_000 });
    await waitFor(() => expect(number).toHaveValue('M-001'));
    await userEvent.type(canvas.getByLabelText(/^Vorname( \*)?$/), 'Lena');
    await userEvent.type(canvas.getByLabelText(/^Nachname( \*)?$/), 'Sommer');
    await userEvent.type(canvas.getByLabelText(/^E-Mail( \*)?$/), 'lena.sommer@example.org');
    await userEvent.click(canvas.getByRole('button', { name: 'Einladung senden' }));
    await expect(
      await canvas.findByText('Die Einladung an Lena Sommer (lena.sommer@example.org) ist verschickt.'),
    ).toBeVisible();
  },
};

/** An empty form is not sent: SPEC 5's messages at the fields. */
export const MissingFields: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const send = await canvas.findByRole('button', { name: 'Einladung senden' }, { timeout: 10_000 });
    await waitFor(() => expect(send).not.toBeDisabled());
    await userEvent.click(send);
    await expect((await canvas.findAllByText('Vorname ist ein Pflichtfeld')).length).toBeGreaterThan(0);
  },
};

/** The tabs move with the arrow keys; the release tab holds the orders with their release. */
export const Tabs: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const first = canvas.getByRole('tab', { name: 'Einladen' });
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Einladungen' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tab', { name: 'Einladungen' })).toHaveFocus();
    await within(await canvas.findByRole('table', {}, { timeout: 10_000 })).findByText(
      'lena.sommer@example.org',
    );
    await userEvent.click(canvas.getByRole('tab', { name: 'Status und Freigabe' }));
    await expect(
      await canvas.findByRole('button', { name: 'Auftrag AU-2026-0412 freigeben' }, { timeout: 10_000 }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('tab', { name: 'Überblick' }));
    const panel = canvas.getByRole('tabpanel');
    await within(panel).findByText('Aufträge zur Freigabe');
  },
};

/** The inactive owner has no invitation tool (SPEC 6): a notice. */
export const NotAllowed: Story = {
  parameters: { session: { agencyUser: INACTIVE_OWNER, api: AGENCY_API } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Dieser Bereich ist für Ihre Rolle nicht freigegeben/)).toBeVisible();
    await expect(canvas.queryByRole('tablist')).toBeNull();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Invitation tool' })).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Status and release' })).toBeVisible();
  },
};
