import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConsentBanner } from '../runtime/consent/ConsentBanner.tsx';
import { ALL_ACCEPTED, ONLY_REQUIRED } from '../runtime/consent/consentState.ts';

/** The cookie-consent banner: a non-modal region; accepting and declining look alike. */
const meta = {
  title: 'Runtime/Consent banner',
  component: ConsentBanner,
  args: { onDecide: fn(), onSettings: fn() },
  // Plays check German texts; the English story sets its own language.
  globals: { language: 'de' },
} satisfies Meta<typeof ConsentBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole('region', { name: 'Ihre Privatsphäre' });
    await expect(within(banner).getByRole('heading', { level: 2 })).toBeVisible();
    await expect(
      within(banner).getByRole('link', { name: 'Mehr in der Datenschutzerklärung' }),
    ).toHaveAttribute('href', '/de/datenschutz');
    await userEvent.click(canvas.getByRole('button', { name: 'Nur notwendige' }));
    await expect(args.onDecide).toHaveBeenCalledWith(ONLY_REQUIRED);
    await userEvent.click(canvas.getByRole('button', { name: 'Alle akzeptieren' }));
    await expect(args.onDecide).toHaveBeenLastCalledWith(ALL_ACCEPTED);
    await userEvent.click(canvas.getByRole('button', { name: 'Einstellungen' }));
    await expect(args.onSettings).toHaveBeenCalledTimes(1);
  },
};

export const English: Story = {
  globals: { language: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Your privacy' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Required only' })).toBeVisible();
  },
};
