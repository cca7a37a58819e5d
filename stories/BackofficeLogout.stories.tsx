import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BackofficeLogout } from '../blocks/BackofficeLogout/index.ts';
import { ANNA, BACKOFFICE_OPERATOR, withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/BackofficeLogout',
  component: BackofficeLogout,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: {
    session: { backofficeUser: BACKOFFICE_OPERATOR, api: { 'POST /backoffice/abmelden': { status: 204 } } },
  },
} satisfies Meta<typeof BackofficeLogout>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in when the page opens: the server revokes the token, then the confirmation and the way back. */
export const SigningOut: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Aus dem Backoffice abgemeldet' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Wieder anmelden' })).toHaveAttribute(
      'href',
      '/de/backoffice/anmelden',
    );
  },
};

/** A recommender signed in too keeps their session; the server cannot be reached: signed out here anyway. */
export const ServerUnreachable: Story = {
  parameters: {
    session: {
      user: ANNA,
      backofficeUser: BACKOFFICE_OPERATOR,
      api: { 'POST /backoffice/abmelden': { status: 503 } },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: 'Aus dem Backoffice abgemeldet' }),
    ).toBeVisible();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: 'Signed out of the back office' }),
    ).toBeVisible();
  },
};
