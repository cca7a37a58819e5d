import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AgencyReport } from '../blocks/AgencyReport/index.ts';
import { AGENCY_API, EMPLOYEE, INACTIVE_OWNER, OWNER } from './fixtures/storyAgency.ts';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/AgencyReport',
  component: AgencyReport,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  args: { report: 'orders' },
  parameters: { session: { agencyUser: OWNER, api: AGENCY_API } },
} satisfies Meta<typeof AgencyReport>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The order report: a captioned table with the release, commission in euros, dates in German. */
export const Orders: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Auftragsreport' })).toBeVisible();
    const table = await canvas.findByRole('table', { name: 'Aufträge Ihrer Agentur' }, { timeout: 10_000 });
    await within(table).findByText('AU-2026-0412');
    await expect(within(table).getByText('55,00 €')).toBeVisible();
    await expect(within(table).getByText('12.04.2026')).toBeVisible();
    await expect(within(table).getAllByText('Offen').length).toBeGreaterThan(0);
    await expect(canvas.getByRole('button', { name: 'Als CSV herunterladen' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Auftrag AU-2026-0412 freigeben' })).toBeNull();
  },
};

/** `columns` picks the report's columns and their order (a page schema's choice). */
export const ChosenColumns: Story = {
  args: { report: 'orders', columns: ['Produkt', 'Auftragsnummer', 'Freigabe'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Aufträge Ihrer Agentur' }, { timeout: 10_000 });
    await within(table).findByText('AU-2026-0412');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.replace(/[▲▼↕]/g, '').trim());
    await expect(headers).toEqual(['Produkt', 'Auftragsnummer', 'Freigabe']);
  },
};

/** With `release`: a pending order is released in place. */
export const OrdersWithRelease: Story = {
  args: { report: 'orders', release: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const release = await canvas.findByRole(
      'button',
      { name: 'Auftrag AU-2026-0412 freigeben' },
      { timeout: 10_000 },
    );
    await userEvent.click(release);
    await waitFor(() =>
      expect(canvas.getByText('Auftrag AU-2026-0412 ist freigegeben.')).toBeInTheDocument(),
    );
    await expect(canvas.queryByRole('button', { name: 'Auftrag AU-2026-0412 freigeben' })).toBeNull();
  },
};

/** The owner's staff: invite, and deactivate anyone but themselves. */
export const Employees: Story = {
  args: { report: 'employees' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Mitarbeitende' })).toBeVisible();
    const deactivate = await canvas.findByRole(
      'button',
      { name: 'Mia Mitarbeiterin deaktivieren' },
      { timeout: 10_000 },
    );
    await expect(canvas.getByRole('button', { name: 'Olaf Ohnezeit aktivieren' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Nora Nordlicht deaktivieren' })).toBeNull();
    await userEvent.click(deactivate);
    await waitFor(() => expect(canvas.getByText('Mia Mitarbeiterin ist deaktiviert.')).toBeInTheDocument());
    const heading = canvas.getByRole('heading', { level: 2, name: 'Mitarbeiter/in einladen' });
    const form = within(heading.parentElement ?? canvasElement);
    await userEvent.type(
      await form.findByLabelText(/^Name( \*)?$/, undefined, { timeout: 10_000 }),
      'Tim Neu',
    );
    await userEvent.type(form.getByLabelText(/^E-Mail( \*)?$/), 'tim.neu@netzplus.example');
    await userEvent.click(form.getByRole('button', { name: 'Einladung senden' }));
    await expect(await canvas.findByText('Tim Neu ist eingeladen und erhält eine E-Mail.')).toBeVisible();
  },
};

/** The recommender report for an employee. */
export const Recommendations: Story = {
  args: { report: 'recommendations' },
  parameters: { session: { agencyUser: EMPLOYEE, api: AGENCY_API } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole(
      'table',
      { name: 'Empfehlungen Ihrer Empfehler' },
      { timeout: 10_000 },
    );
    await within(table).findByText('4710000101');
  },
};

/** A section the role may not use: a notice, not a table (the inactive owner and the employees). */
export const NotAllowed: Story = {
  args: { report: 'employees' },
  parameters: { session: { agencyUser: INACTIVE_OWNER, api: AGENCY_API } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Dieser Bereich ist für Ihre Rolle nicht freigegeben/)).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Zur Übersicht des Agenturbereichs' })).toBeVisible();
  },
};

export const English: Story = {
  args: { report: 'rewards' },
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Rewards' })).toBeVisible();
    const table = await canvas.findByRole(
      'table',
      { name: 'Rewards of your recommenders' },
      { timeout: 10_000 },
    );
    await within(table).findByText('Paid out');
  },
};
