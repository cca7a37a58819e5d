import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AgencyOverview } from '../blocks/AgencyOverview/index.ts';
import { AGENCY, StorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/AgencyOverview',
  component: AgencyOverview,
  globals: { language: 'de', mandant: '_base' },
  decorators: [
    (Story) => (
      <StorySession agencyUser={AGENCY} api={{ 'POST /account/logout': 'never' }}>
        <Story />
      </StorySession>
    ),
  ],
} satisfies Meta<typeof AgencyOverview>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Agenturbereich' })).toBeVisible();
    await expect(
      canvas.getByText('Angemeldet als Vertriebsagentur Nordlicht (agentur@netzplus.example).'),
    ).toBeVisible();
    await expect(canvas.getByText('Agentur: Vertriebsagentur Nordlicht GmbH (A-1001)')).toBeVisible();
    // The owner's sections, as the navigation lists them (SPEC 6).
    await expect(canvas.getByRole('link', { name: 'Einladungstool' })).toHaveAttribute(
      'href',
      '/de/agentur/einladungstool',
    );
    await expect(canvas.getByRole('link', { name: 'Gutschriften' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Log out' })).toBeVisible();
  },
};
