import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ProfiArea } from '../blocks/ProfiArea/index.ts';
import { NOT_SELLER_API, PROFI_API, SELLER } from './fixtures/storyProfi.ts';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/ProfiArea',
  component: ProfiArea,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { user: SELLER, api: PROFI_API } },
} satisfies Meta<typeof ProfiArea>;

export default meta;
type Story = StoryObj<typeof meta>;

const field = (canvasElement: HTMLElement, label: string) =>
  within(canvasElement).findByLabelText(new RegExp(`^${label}( \\*)?$`), undefined, { timeout: 10_000 });

/** Own data (a company needs its name), bank data (the IBAN's checksum), the agreement, credit notes. */
export const Seller: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Mein Bereich' })).toBeVisible();
    const firma = await field(canvasElement, 'Firmenname');
    await expect(firma).toHaveValue('Profi Vertrieb Paul GmbH');
    await expect(canvas.getByText('P-100001')).toBeVisible();
    await userEvent.clear(firma);
    await userEvent.click(canvas.getByRole('button', { name: 'Daten speichern' }));
    await expect(
      (await canvas.findAllByText('Bitte geben Sie den Namen Ihrer Firma an.')).length,
    ).toBeGreaterThan(0);
    await userEvent.type(firma, 'Profi Vertrieb Paul GmbH');
    const ort = await field(canvasElement, 'Ort');
    await userEvent.clear(ort);
    await userEvent.type(ort, 'Lübeck');
    await userEvent.click(canvas.getByRole('button', { name: 'Daten speichern' }));
    await waitFor(() => expect(canvas.getByText('Ihre Daten sind gespeichert.')).toBeVisible());

    await userEvent.type(await field(canvasElement, 'IBAN'), 'DE00 1234');
    await userEvent.type(await field(canvasElement, 'Kontoinhaber'), 'Paul Profi');
    await userEvent.click(canvas.getByRole('button', { name: 'Bankverbindung speichern' }));
    await expect((await canvas.findAllByText('IBAN ist nicht gültig')).length).toBeGreaterThan(0);
    const iban = await field(canvasElement, 'IBAN');
    await userEvent.clear(iban);
    await userEvent.type(iban, 'DE89 3704 0044 0532 0130 00');
    await userEvent.click(canvas.getByRole('button', { name: 'Bankverbindung speichern' }));
    await waitFor(() => expect(canvas.getByText('Ihre Bankverbindung ist gespeichert.')).toBeVisible());
    await expect(canvas.getByText(/Hinterlegt: DE89 \*\*\*\*/)).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Vereinbarung bestätigen' }));
    await waitFor(() =>
      expect(canvas.getByText(/Sie haben die Vereinbarung \(Fassung 2026-1\) am/)).toBeVisible(),
    );

    await canvas.findByRole('table', { name: 'Ihre Gutschriften' }, { timeout: 10_000 });
    await expect(canvas.getByRole('link', { name: 'Passwort ändern' })).toHaveAttribute(
      'href',
      '/de/passwort-aendern',
    );
  },
};

export const NotASeller: Story = {
  parameters: { session: { user: SELLER, api: NOT_SELLER_API } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('link', { name: 'Als Profi-Verkäufer registrieren' }, { timeout: 10_000 }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Daten speichern' })).toBeNull();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Seller number', undefined, { timeout: 10_000 })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Accept the agreement' })).toBeVisible();
  },
};
