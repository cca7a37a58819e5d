import { API, type MatrixRows } from './MatrixRow.ts';

const reason = { Version: 1, Grund: 'Prüfung der Rollen' };

/**
 * Orders, recommendations and the review queue (server/backoffice/orders): reads for every role with
 * `reports`, actions for `orders`, the queue for `review`. The actions name an order that does not exist,
 * so an allowed role gets the 404 of the action itself (the role check comes first) and the demo stays as
 * it is for the other rows.
 */
export const rows: MatrixRows = {
  'PUT /:mandant/backoffice/auftraege/': {
    ability: 'reports',
    request: () => ({
      method: 'PUT',
      url: `${API}/backoffice/auftraege/`,
      payload: { Suche: 'anna.beispiel@netzplus.example' },
    }),
    ok: 200,
  },
  'GET /:mandant/backoffice/auftraege/export.csv': {
    ability: 'reports',
    request: () => ({ method: 'GET', url: `${API}/backoffice/auftraege/export.csv?Suche=4710000002` }),
    ok: 200,
  },
  'GET /:mandant/backoffice/auftraege/export.xlsx': {
    ability: 'reports',
    request: () => ({ method: 'GET', url: `${API}/backoffice/auftraege/export.xlsx?Suche=4710000002` }),
    ok: 200,
  },
  'GET /:mandant/backoffice/auftraege/:empfehlungsnummer': {
    ability: 'reports',
    request: () => ({ method: 'GET', url: `${API}/backoffice/auftraege/4710000002` }),
    ok: 200,
  },
  'POST /:mandant/backoffice/bestellungen/:auftragsnummer/bestaetigen': {
    ability: 'orders',
    request: () => ({
      method: 'POST',
      url: `${API}/backoffice/bestellungen/MATRIX-0/bestaetigen`,
      payload: reason,
    }),
    ok: '404 PSOF0721',
  },
  'POST /:mandant/backoffice/bestellungen/:auftragsnummer/stornieren': {
    ability: 'orders',
    request: () => ({
      method: 'POST',
      url: `${API}/backoffice/bestellungen/MATRIX-0/stornieren`,
      payload: reason,
    }),
    ok: '404 PSOF0721',
  },
  'POST /:mandant/backoffice/bestellungen/:auftragsnummer/umbuchen': {
    ability: 'orders',
    request: () => ({
      method: 'POST',
      url: `${API}/backoffice/bestellungen/MATRIX-0/umbuchen`,
      payload: { ...reason, Empfehlungscode: 'ABC123' },
    }),
    ok: '404 PSOF0721',
  },
  'PUT /:mandant/backoffice/pruefung/': {
    ability: 'review',
    request: () => ({ method: 'PUT', url: `${API}/backoffice/pruefung/`, payload: {} }),
    ok: 200,
  },
  'POST /:mandant/backoffice/pruefung/sammel': {
    ability: 'review',
    request: () => ({
      method: 'POST',
      url: `${API}/backoffice/pruefung/sammel`,
      payload: {
        Entscheidung: 'freigeben',
        Notiz: 'Prüfung der Rollen',
        Auftraege: [{ Auftragsnummer: 'MATRIX-0', Version: 1 }],
      },
    }),
    ok: 200,
  },
  'POST /:mandant/backoffice/pruefung/:auftragsnummer': {
    ability: 'review',
    request: () => ({
      method: 'POST',
      url: `${API}/backoffice/pruefung/MATRIX-0`,
      payload: { Entscheidung: 'ablehnen', Version: 1, Notiz: 'Prüfung der Rollen' },
    }),
    ok: '404 PSOF0721',
  },
};
