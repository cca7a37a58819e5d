import { parse } from 'csv-parse/sync';
import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import { ApiProblem, type ProblemDetail } from '../http/ApiProblem.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';

type Db = Kysely<DatabaseSchema>;
const CODE = /^[\x21-\x7e]{4,64}$/;

/**
 * Imports voucher codes (CSV with the columns PraemieId and Code, ; or , separated, UTF-8): all rows or
 * none. A code already in the pool is skipped (re-importing a file is harmless); a row whose PraemieId is
 * not a voucher of the mandant's catalogue, or whose code is not printable, is 422 PSOF0511 per line.
 */
export async function importVoucherCodes(
  trx: Db,
  mandant: LoadedMandant,
  body: Buffer,
): Promise<{ Importiert: number; Doppelt: number }> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new ApiProblem('PSOF0512', [{ pointer: '', reason: 'not UTF-8' }]);
  }
  const delimiter = (text.split('\n')[0] ?? '').includes(';') ? ';' : ',';
  let records: string[][];
  try {
    records = parse(text, { delimiter, skip_empty_lines: true, trim: true, relax_column_count: true });
  } catch {
    throw new ApiProblem('PSOF0512', [{ pointer: '', reason: 'not readable as CSV' }]);
  }
  const [header = [], ...rows] = records;
  const praemieColumn = header.indexOf('PraemieId');
  const codeColumn = header.indexOf('Code');
  if (praemieColumn === -1 || codeColumn === -1 || header.length !== 2) {
    throw new ApiProblem('PSOF0512', [{ pointer: '/header', reason: 'columns must be PraemieId and Code' }]);
  }
  const vouchers = new Set(
    mandant.praemien.praemien.filter((entry) => entry.Art === 'Gutschein').map((entry) => entry.Id),
  );
  const problems: ProblemDetail[] = [];
  const values: { mandant_id: string; praemie_id: string; code: string }[] = [];
  rows.forEach((row, index) => {
    const praemieId = row[praemieColumn] ?? '';
    const code = row[codeColumn] ?? '';
    const line = index + 2;
    if (!vouchers.has(praemieId))
      problems.push({ pointer: `/line/${line}/PraemieId`, reason: 'not a voucher of the catalogue' });
    else if (!CODE.test(code))
      problems.push({ pointer: `/line/${line}/Code`, reason: 'must be 4 to 64 printable characters' });
    else values.push({ mandant_id: mandant.id, praemie_id: praemieId, code });
  });
  if (problems.length > 0) throw new ApiProblem('PSOF0511', problems.slice(0, 1000));
  let imported = 0;
  for (let start = 0; start < values.length; start += 1000) {
    const inserted = await trx
      .insertInto('voucher_code')
      .values(values.slice(start, start + 1000))
      .onConflict((conflict) => conflict.columns(['mandant_id', 'praemie_id', 'code']).doNothing())
      .returning('id')
      .execute();
    imported += inserted.length;
  }
  return { Importiert: imported, Doppelt: values.length - imported };
}

export async function voucherStock(
  db: Db,
  mandant: LoadedMandant,
): Promise<{ PraemieId: string; Frei: number; Ausgegeben: number }[]> {
  const rows = await db
    .selectFrom('voucher_code')
    .select([
      'praemie_id',
      sql<string>`count(*) filter (where praemierung_id is null)`.as('free'),
      sql<string>`count(*) filter (where praemierung_id is not null)`.as('used'),
    ])
    .where('mandant_id', '=', mandant.id)
    .groupBy('praemie_id')
    .orderBy('praemie_id')
    .execute();
  return rows.map((row) => ({
    PraemieId: row.praemie_id,
    Frei: Number(row.free),
    Ausgegeben: Number(row.used),
  }));
}
