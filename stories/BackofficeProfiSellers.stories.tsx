import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { BackofficeProfiSellers } from '../blocks/BackofficeProfiSellers/index.ts';
import type { BackofficeProfi, BackofficeProfiZeile } from '../schemas/backofficeProfi.ts';
import type { ReportPage } from '../schemas/reportQuery.ts';
import {
  BACKOFFICE_OPERATOR,
  BACKOFFICE_VIEWER,
  backofficeUser,
  type FakeApi,
  withStorySession,
} from './fixtures/storySession.tsx';

const SELLER_ID = '5e6f7081-9a0b-4c1d-8e2f-304152637485';

const ROW: BackofficeProfiZeile = {
  Id: SELLER_ID,
  Profinummer: 'P-100001',
  Name: 'Vertrieb Nord GmbH',
  Email: 'profi.verkauf@netzplus.example',
  Steuerstatus: 'Regelbesteuert',
  Bankdaten: true,
  Vereinbarung: true,
  OffenCent: 14000,
  FreigegebenCent: 7000,
  AusgezahltCent: 21000,
  Status: 'active',
  RegistriertAm: '2026-07-01T09:00:00+02:00',
};

const SELLER: BackofficeProfi = {
  Id: SELLER_ID,
  Profinummer: 'P-100001',
  Status: 'active',
  RegistriertAm: ROW.RegistriertAm,
  Email: ROW.Email,
  Art: 'Firma',
  Firma: 'Vertrieb Nord GmbH',
  Vorname: 'Paul',
  Nachname: 'Profi',
  Strasse: 'Hafenstraße 5',
  Plz: '20457',
  Ort: 'Hamburg',
  Telefon: '040 123456',
  Steuerstatus: 'Regelbesteuert',
  Steuernummer: '',
  UstId: 'DE123456789',
  IBAN: 'DE89 **** **** **** **30 00',
  Kontoinhaber: 'Vertrieb Nord GmbH',
  VereinbarungAm: '2026-07-01T07:00:00.000Z',
  OffenCent: 14000,
  FreigegebenCent: 7000,
  AusgezahltCent: 21000,
  StorniertCent: 7000,
  Provisionen: 7,
  Gutschriften: [
    {
      Nummer: 'GS-P-000003',
      Monat: '2026-10',
      Rechnungsdatum: '2026-11-01',
      Steuerstatus: 'Regelbesteuert',
      NettoCent: 7000,
      UstSatzProzent: 19,
      UstCent: 1330,
      BruttoCent: 8330,
      Positionen: 1,
      Ausgezahlt: false,
    },
  ],
};

const page = (rows: BackofficeProfiZeile[]): ReportPage<BackofficeProfiZeile> => ({
  Content: rows,
  Pagenumber: 1,
  Pagesize: 20,
  HasNext: false,
  PageCount: 1,
  TotalCount: rows.length,
});

const API: FakeApi = {
  'PUT /backoffice/profis': { status: 200, data: page([ROW]) },
  [`GET /backoffice/profis/${SELLER_ID}`]: { status: 200, data: SELLER },
};

const meta = {
  title: 'Blocks/BackofficeProfiSellers',
  component: BackofficeProfiSellers,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { backofficeUser: BACKOFFICE_OPERATOR, api: API } },
} satisfies Meta<typeof BackofficeProfiSellers>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The operator: the list, a seller's data (IBAN masked) and credit notes, and the block button. */
export const Operator: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Profi-Verkäufer' })).toBeVisible();
    const table = await canvas.findByRole(
      'table',
      { name: 'Profi-Verkäufer mit ihren Provisionen' },
      { timeout: 10_000 },
    );
    await userEvent.click(await within(table).findByRole('button', { name: 'Vertrieb Nord GmbH öffnen' }));
    await canvas.findByRole('heading', { level: 2, name: 'Vertrieb Nord GmbH' });
    await expect(canvas.getByText('DE89 **** **** **** **30 00')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Verkäufer sperren' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Gutschriften für/ })).toBeNull();
  },
};

/** Finance: the credit notes of the last month, no block button. */
export const Finance: Story = {
  parameters: {
    session: {
      backofficeUser: backofficeUser('Fina Finanz', 'finanz@netzplus.example', ['finance']),
      api: API,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: /Gutschriften für \d{4}-\d{2} erstellen/ });
    const table = await canvas.findByRole('table', { name: 'Profi-Verkäufer mit ihren Provisionen' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Vertrieb Nord GmbH öffnen' }));
    await canvas.findByRole('heading', { level: 2, name: 'Vertrieb Nord GmbH' });
    await expect(canvas.queryByRole('button', { name: 'Verkäufer sperren' })).toBeNull();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  parameters: { session: { backofficeUser: BACKOFFICE_VIEWER, api: API } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Profi sellers' })).toBeVisible();
    await canvas.findByRole('table', { name: 'Profi sellers with their commissions' }, { timeout: 10_000 });
  },
};
