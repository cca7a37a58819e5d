import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { RecommendForm } from '../blocks/RecommendForm/index.ts';
import { CAMPAIGNS, withRecommendApi } from './fixtures/storyRecommend.tsx';
import { ANNA, withStorySession } from './fixtures/storySession.tsx';

// The form's lazy chunk (rjsf and the precompiled validators) starts loading with this file, so the plays
// measure the form, not a cold download.
void import('../runtime/forms/SchemaForm.tsx');

const meta = {
  title: 'Blocks/RecommendForm',
  component: RecommendForm,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withRecommendApi, withStorySession],
  parameters: { path: '/de/empfehlen/601', session: { params: { productId: '601' } } },
} satisfies Meta<typeof RecommendForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const submitButton = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('button', { name: 'Empfehlung abgeben' }, { timeout: 10_000 });

async function fillIn(canvasElement: HTMLElement): Promise<void> {
  const canvas = within(canvasElement);
  await submitButton(canvasElement);
  await userEvent.type(canvas.getByLabelText(/^Vorname/), 'Erika');
  await userEvent.type(canvas.getByLabelText(/^Nachname/), 'Muster');
  await userEvent.type(canvas.getByLabelText(/^E-Mail-Adresse/), 'erika.muster@example.org');
  await userEvent.click(canvas.getByLabelText(/^Ich akzeptiere die Teilnahmebedingungen/));
}

/** The form: labelled fields with autocomplete hints, the terms, a link to the participation terms. */
export const Default: Story = {
  parameters: { recommend: { mandant: { ModuleErstelleOfflineEmpfehlungCode: true } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Jetzt empfehlen' })).toBeVisible();
    await submitButton(canvasElement);
    await expect(canvas.getByLabelText(/^Vorname/)).toHaveAttribute('autocomplete', 'given-name');
    await expect(canvas.getByLabelText(/^E-Mail-Adresse/)).toHaveAttribute('autocomplete', 'email');
    await expect(canvas.getByLabelText(/^Ich akzeptiere die Teilnahmebedingungen/)).not.toBeChecked();
    await expect(canvas.getByRole('link', { name: 'Teilnahmebedingungen lesen' })).toBeVisible();
    // ModuleErstelleOfflineEmpfehlungCode: an offline code instead of a link, explained next to the button.
    await expect(
      canvas.getByRole('button', { name: 'Empfehlungscode erstellen' }),
    ).toHaveAccessibleDescription(/Empfehlungscode, den Ihre Bekannten/);
  },
};

/** SPEC 5: '{field} ist ein Pflichtfeld'; the terms box: 'Dies ist ein Pflichtfeld.' and the consent sentence. */
export const RequiredFields: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await submitButton(canvasElement));
    const summary = await canvas.findByRole('alert');
    await expect(summary).toHaveTextContent('Vorname ist ein Pflichtfeld');
    await expect(summary).toHaveTextContent('Die Zustimmung ist erforderlich, um fortzufahren.');
    await expect(canvas.getByLabelText(/^Vorname/)).toHaveAccessibleDescription(
      'Vorname ist ein Pflichtfeld',
    );
    await expect(
      canvas.getByLabelText(/^Ich akzeptiere die Teilnahmebedingungen/),
    ).toHaveAccessibleDescription('Dies ist ein Pflichtfeld.');
    await waitFor(() => expect(canvas.getByLabelText(/^Vorname/)).toHaveFocus());
  },
};

export const InvalidEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await submitButton(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^E-Mail-Adresse/), 'erika.muster');
    await userEvent.click(await submitButton(canvasElement));
    await waitFor(() =>
      expect(canvas.getByLabelText(/^E-Mail-Adresse/)).toHaveAccessibleDescription(
        'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      ),
    );
  },
};

/** Campaigns with their consent checkbox, and the reward split (default share, 50:50). */
export const CampaignsAndSplit: Story = {
  parameters: { recommend: { campaigns: CAMPAIGNS, mandant: { RecommenderDefaultShare: '100' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await submitButton(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Aktuelle Aktionen' })).toBeVisible();
    await expect(canvas.getByLabelText('Ich möchte am Gewinnspiel teilnehmen.')).not.toBeChecked();
    const split = canvas.getByRole('group', { name: 'Aufteilung der Prämie' });
    // Named once, by the group's legend: no second label above it.
    await expect(canvas.getAllByText('Aufteilung der Prämie')).toEqual([split.querySelector('legend')]);
    await expect(within(split).getByLabelText('100 % der Prämie für mich')).toBeChecked();
    await expect(within(split).getByLabelText(/^50:50/)).not.toBeChecked();
  },
};

/** A logged-in recommender: the form is prefilled, the address is the account's. */
export const LoggedIn: Story = {
  parameters: { session: { user: ANNA, params: { productId: '601' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await submitButton(canvasElement);
    await expect(canvas.getByText('Sie empfehlen als Anna Beispiel.')).toBeVisible();
    await expect(canvas.getByLabelText(/^Vorname/)).toHaveValue('Anna');
    await expect(canvas.getByLabelText(/^E-Mail-Adresse/)).toHaveAttribute('readonly');
  },
};

/** A guest where the server asks for the captcha: the ALTCHA widget sits above the buttons. */
export const WithCaptcha: Story = {
  parameters: { recommend: { captcha: true } },
  play: async ({ canvasElement }) => {
    await submitButton(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('altcha-widget')).not.toBeNull(), {
      timeout: 10_000,
    });
  },
};

/** While the server answers, the button says so and does not send twice. */
export const Submitting: Story = {
  parameters: { recommend: { create: 'never' } },
  play: async ({ canvasElement }) => {
    await fillIn(canvasElement);
    await userEvent.click(await submitButton(canvasElement));
    await expect(
      await within(canvasElement).findByRole('button', { name: 'Empfehlung wird gesendet …' }),
    ).toHaveAttribute('aria-disabled', 'true');
  },
};

/** PSOF0300: the recommender made this recommendation before. */
export const AlreadyExists: Story = {
  parameters: { recommend: { create: { status: 409, data: { code: 'PSOF0300', message: '' } } } },
  play: async ({ canvasElement }) => {
    await fillIn(canvasElement);
    await userEvent.click(await submitButton(canvasElement));
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Diese Empfehlung existiert bereits.',
    );
  },
};

/** PSOF0305: it exists and waits for the e-mail confirmation — the mail can be sent again. */
export const OptInPending: Story = {
  parameters: {
    recommend: { create: { status: 409, data: { code: 'PSOF0305', message: '' } } },
    session: { params: { productId: '601' }, api: { 'POST /Empfehlen/optin/resend': { status: 202 } } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillIn(canvasElement);
    await userEvent.click(await submitButton(canvasElement));
    await userEvent.click(await canvas.findByRole('button', { name: 'E-Mail erneut senden' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Wir haben Ihnen die E-Mail erneut gesendet.',
    );
  },
};

/** EmpfehlenAgent: a call-centre agent enters the recommendation with their agent number. */
export const Agent: Story = {
  args: { variant: 'agent' },
  globals: { mandant: 'stadtwerk' },
  parameters: { recommend: { mandant: { ModuleAgentRecommendation: true } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', {
        level: 1,
        name: 'Empfehlung für eine Kundin oder einen Kunden erfassen',
      }),
    ).toBeVisible();
    await userEvent.click(await submitButton(canvasElement));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Agentennummer ist ein Pflichtfeld');
  },
};

/** A variant whose module the mandant has not switched on says so instead of showing a form. */
export const CompanyUnavailable: Story = {
  args: { variant: 'company' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Diese Art der Empfehlung ist in diesem Programm nicht möglich.'),
    ).toBeVisible();
  },
};

export const English: Story = {
  globals: { language: 'en' },
  parameters: { path: '/en/empfehlen/601' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Recommend now' })).toBeVisible();
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Send recommendation' }, { timeout: 10_000 }),
    );
    await expect(await canvas.findByRole('alert')).toHaveTextContent('First name');
  },
};
