import { API, type MatrixRows } from './MatrixRow.ts';

const FILTER = 'von=2026-01-01&bis=2026-01-31&intervall=Woche';

/** The programme figures (server/backoffice/figures): every role with `reports`, i.e. every role. */
export const rows: MatrixRows = {
  'GET /:mandant/backoffice/kennzahlen': {
    ability: 'reports',
    request: () => ({ method: 'GET', url: `${API}/backoffice/kennzahlen?${FILTER}` }),
    ok: 200,
  },
  'GET /:mandant/backoffice/kennzahlen/auswahl': {
    ability: 'reports',
    request: () => ({ method: 'GET', url: `${API}/backoffice/kennzahlen/auswahl` }),
    ok: 200,
  },
  'GET /:mandant/backoffice/kennzahlen/export.csv': {
    ability: 'reports',
    request: () => ({ method: 'GET', url: `${API}/backoffice/kennzahlen/export.csv?${FILTER}` }),
    ok: 200,
  },
  'GET /:mandant/backoffice/kennzahlen/export.xlsx': {
    ability: 'reports',
    request: () => ({
      method: 'GET',
      url: `${API}/backoffice/kennzahlen/export.xlsx?${FILTER}&tabelle=Kanal`,
    }),
    ok: 200,
  },
};
