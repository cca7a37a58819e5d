import type { FiguresTable, Kennzahlen, KennzahlenAntwort } from '../../../schemas/backofficeFigures.ts';
import type { ReportColumnFacts } from '../../reports/ReportDefinition.ts';

/** The figure columns of every export table; money as euros (server/reports writes cents as euros). */
const FIGURE_COLUMNS: readonly ReportColumnFacts[] = [
  { name: 'Klicks', type: 'number' },
  { name: 'Empfehlungen', type: 'number' },
  { name: 'EmpfaengerBestaetigt', type: 'number' },
  { name: 'Auftraege', type: 'number' },
  { name: 'KonversionKlicks', type: 'number' },
  { name: 'KonversionEmpfehlungen', type: 'number' },
  { name: 'PraemienFreigegeben', type: 'number' },
  { name: 'PraemienFreigegebenEuro', type: 'money' },
  { name: 'PraemienGezahlt', type: 'number' },
  { name: 'PraemienGezahltEuro', type: 'money' },
];

const PAYOUT_COLUMNS: readonly ReportColumnFacts[] = [
  { name: 'Auszahlungslaeufe', type: 'number' },
  { name: 'Ueberweisungen', type: 'number' },
  { name: 'AuszahlungenEuro', type: 'money' },
];

/** The columns of one export table (the CSV header, the XLSX columns). */
export function figuresExportColumns(table: FiguresTable): readonly ReportColumnFacts[] {
  if (table === 'Kanal') return [{ name: 'Kanal', type: 'text' }, ...FIGURE_COLUMNS];
  if (table === 'Produkt') {
    return [{ name: 'ProduktId', type: 'text' }, { name: 'Produkt', type: 'text' }, ...FIGURE_COLUMNS];
  }
  return [{ name: 'Zeitraum', type: 'text' }, ...FIGURE_COLUMNS, ...PAYOUT_COLUMNS];
}

const euroFields = (figures: Kennzahlen) => ({
  ...figures,
  PraemienFreigegebenEuro: figures.PraemienFreigegebenCent,
  PraemienGezahltEuro: figures.PraemienGezahltCent,
});

/**
 * The rows of one export table. Channel, product and campaign texts come from stored data (a recommendation's
 * channel is the client's text): the CSV writer neutralises any that a spreadsheet would run as a formula.
 */
export function figuresExportRows(figures: KennzahlenAntwort, table: FiguresTable): object[] {
  if (table === 'Kanal') return figures.Kanaele.map((row) => euroFields(row));
  if (table === 'Produkt') return figures.Produkte.map((row) => euroFields(row));
  return figures.Punkte.map((row) => ({
    ...euroFields(row),
    Zeitraum: row.Datum,
    AuszahlungenEuro: row.AuszahlungenCent,
  }));
}
