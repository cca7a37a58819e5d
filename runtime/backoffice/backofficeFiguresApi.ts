import {
  BACKOFFICE_FIGURES_PATHS,
  type FiguresTable,
  type KennzahlenAntwort,
  type KennzahlenAuswahl,
} from '../../schemas/backofficeFigures.ts';
import type { BackofficeFiguresFilter } from '../../schemas/forms/backofficeFigures.ts';
import type { ReportExportFormat } from '../../schemas/reportQuery.ts';
import { getApiClient } from '../api/api.ts';
import { downloadFile } from '../table/reportApi.ts';

/** The programme figures of the back office (issue 15, server/backoffice/figures). */

function figuresParams(filter: BackofficeFiguresFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['von', 'bis', 'intervall', 'kanal', 'produkt', 'aktion'] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  return params;
}

/** GET backoffice/kennzahlen: the figures of a period with the filters. */
export async function fetchBackofficeFigures(filter: BackofficeFiguresFilter): Promise<KennzahlenAntwort> {
  const client = await getApiClient();
  return (await client.get<KennzahlenAntwort>(`${BACKOFFICE_FIGURES_PATHS.figures}?${figuresParams(filter)}`))
    .data;
}

/** GET backoffice/kennzahlen/auswahl: the channels, products and campaigns the filters offer. */
export async function fetchBackofficeFigureChoices(): Promise<KennzahlenAuswahl> {
  const client = await getApiClient();
  return (await client.get<KennzahlenAuswahl>(BACKOFFICE_FIGURES_PATHS.choices)).data;
}

/** GET backoffice/kennzahlen/export.{csv|xlsx}: one table of the figures as a download. */
export function downloadBackofficeFigures(
  filter: BackofficeFiguresFilter,
  table: FiguresTable,
  format: ReportExportFormat,
): Promise<void> {
  const params = figuresParams(filter);
  params.set('tabelle', table);
  return downloadFile(
    `${BACKOFFICE_FIGURES_PATHS.export(format)}?${params}`,
    `kennzahlen-${table.toLowerCase()}-${filter.von ?? ''}-${filter.bis ?? ''}.${format}`,
  );
}
