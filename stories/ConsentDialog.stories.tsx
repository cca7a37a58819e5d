import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConsentDialog } from '../runtime/consent/ConsentDialog.tsx';
import { decide, UNSET_CONSENT } from '../runtime/consent/consentState.ts';

/** The cookie settings: a modal dialog with a checkbox per category and what each category covers. */
const meta = {
  title: 'Runtime/Consent settings dialog',
  component: ConsentDialog,
  args: {
    trackings: [
      {
        id: 'matomo',
        type: 'matomo',
        url: 'https://analytics.example/matomo',
        siteId: 105,
        category: 'analytical',
      },
    ],
    state: UNSET_CONSENT,
    onSave: fn(),
    onClose: fn(),
  },
  globals: { language: 'de' },
} satisfies Meta<typeof ConsentDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstVisit: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(canvasElement).getByRole('dialog', { name: 'Cookie-Einstellungen' });
    const dialogCanvas = within(dialog);
    const required = dialogCanvas.getByRole('checkbox', { name: 'Notwendig (immer aktiv)' });
    await expect(required).toBeChecked();
    await expect(required).toBeDisabled();
    await expect(dialogCanvas.getByRole('checkbox', { name: 'Analyse' })).not.toBeChecked();
    await userEvent.click(dialogCanvas.getByRole('checkbox', { name: 'Analyse' }));
    await userEvent.click(dialogCanvas.getByRole('button', { name: 'Auswahl speichern' }));
    await expect(args.onSave).toHaveBeenCalledWith({ functional: false, analytical: true, marketing: false });
    await expect(args.onClose).toHaveBeenCalled();
  },
};

export const ChangingADecision: Story = {
  args: { state: decide({ functional: true, analytical: false, marketing: true }, Date.UTC(2026, 10, 1)) },
  play: async ({ canvasElement }) => {
    const dialog = within(within(canvasElement).getByRole('dialog'));
    await expect(dialog.getByRole('checkbox', { name: 'Funktional' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Analyse' })).not.toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Marketing' })).toBeChecked();
    await expect(dialog.getByText(/Cookie „channel“/)).toBeInTheDocument();
  },
};

export const English: Story = {
  globals: { language: 'en' },
  play: async ({ canvasElement }) => {
    const dialog = within(canvasElement).getByRole('dialog', { name: 'Cookie settings' });
    await expect(within(dialog).getByRole('button', { name: 'Save selection' })).toBeVisible();
  },
};
