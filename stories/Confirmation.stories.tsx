import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Confirmation } from '../blocks/Confirmation/index.ts';
import { NR, VIEW, withRecommendApi } from './fixtures/storyRecommend.tsx';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/Confirmation',
  component: Confirmation,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withRecommendApi, withStorySession],
  parameters: { path: `/de/empfehlung/bestaetigt?empfehlung=${NR}` },
} satisfies Meta<typeof Confirmation>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Right after a guest recommended with the address of an account: please confirm by the mail's link. */
export const Pending: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Empfehlung bestätigen' })).toBeVisible();
    await expect(canvas.getByText(/Wir haben Ihnen eine E-Mail geschickt/)).toBeVisible();
  },
};

/** Opened from the mail: confirmed, on to the share page. */
export const Confirmed: Story = {
  parameters: {
    path: '/de/empfehlung/bestaetigt?optin=story-token',
    session: { api: { 'POST /Empfehlen/optin': { status: 200, data: { ...VIEW, Verwaltungstoken: 'x' } } } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Vielen Dank, Ihre Empfehlung ist bestätigt.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Jetzt Empfehlung teilen' })).toHaveAttribute(
      'href',
      `/de/empfehlung/${NR}/teilen`,
    );
  },
};

/** PSOF0325: a used or outdated link. */
export const LinkExpired: Story = {
  parameters: {
    path: '/de/empfehlung/bestaetigt?optin=old-token',
    session: { api: { 'POST /Empfehlen/optin': { status: 410, data: { code: 'PSOF0325', message: '' } } } },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Dieser Bestätigungslink ist ungültig oder abgelaufen. Bitte geben Sie Ihre Empfehlung erneut ab.',
    );
  },
};
