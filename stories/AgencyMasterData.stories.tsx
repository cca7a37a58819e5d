import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AgencyMasterData } from '../blocks/AgencyMasterData/index.ts';
import { AGENCY_API, EMPLOYEE, OWNER } from './fixtures/storyAgency.ts';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/AgencyMasterData',
  component: AgencyMasterData,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { agencyUser: OWNER, api: AGENCY_API } },
} satisfies Meta<typeof AgencyMasterData>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The owner edits the master data; the IBAN is only shown masked and kept unless a new one is typed. */
export const Owner: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Stammdaten' })).toBeVisible();
    const city = await canvas.findByLabelText(/^Ort( \*)?$/, undefined, { timeout: 10_000 });
    await expect(city).toHaveValue('Hamburg');
    await expect(canvas.getByText(/Gespeichert: DE89 \*\*\*\*/)).toBeVisible();
    await expect(canvas.getByLabelText('Neue IBAN')).toHaveValue('');
    await userEvent.type(canvas.getByLabelText('Neue IBAN'), 'DE00 1234');
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await expect((await canvas.findAllByText('Neue IBAN ist nicht gültig')).length).toBeGreaterThan(0);
    await userEvent.clear(canvas.getByLabelText('Neue IBAN'));
    await userEvent.clear(city);
    await userEvent.type(city, 'Lübeck');
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(canvas.getByText('Die Stammdaten sind gespeichert.')).toBeVisible());
  },
};

/** An employee sees the master data but cannot change them (SPEC 6). */
export const Employee: Story = {
  parameters: { session: { agencyUser: EMPLOYEE, api: AGENCY_API } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Hafenstraße 12', undefined, { timeout: 10_000 })).toBeVisible();
    await expect(canvas.getByText('A-1001')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Speichern' })).toBeNull();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  parameters: { session: { agencyUser: EMPLOYEE, api: AGENCY_API } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Account holder', undefined, { timeout: 10_000 })).toBeVisible();
  },
};
