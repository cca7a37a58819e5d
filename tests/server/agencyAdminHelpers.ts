import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { AgencyRole } from '../../schemas/account.ts';
import type { AgencyRelease } from '../../server/db/DatabaseSchema.ts';
import { buildTestApp, copyFixture, type TestAppOptions, type TestDatabase } from './helpers.ts';
import { RECOMMEND_MANDANTS } from './recommendHelpers.ts';

/**
 * Test data of the agency area's administration (reward plan, master data, invoices, statistics): the
 * recommend fixtures (alpha's products 101 Hausratversicherung and 102; strict as another mandant) with
 * alpha's company for the credit notes, agencies, staff and orders written straight into the database.
 */
export const ALPHA_COMPANY = {
  name: 'Alpha Versicherung AG',
  street: 'Hauptstraße 5',
  postalCode: '20095',
  city: 'Hamburg',
  vatId: 'DE811907980',
};

export async function buildAgencyAdminApp(
  database: TestDatabase,
  options: TestAppOptions = {},
): Promise<FastifyInstance> {
  const fixture = await copyFixture(RECOMMEND_MANDANTS);
  const file = path.join(fixture.dir, 'alpha', 'mandant.json');
  const config = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  await writeFile(file, JSON.stringify({ ...config, programme: { company: ALPHA_COMPANY } }));
  return buildTestApp(database, {
    mandantsDir: fixture.dir,
    ...options,
    setup: (app) => {
      app.addHook('onClose', fixture.remove);
      options.setup?.(app);
    },
  });
}

export interface SeededAgency {
  id: string;
  mandantId: string;
  nummer: string;
}

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`.toUpperCase();

/** An agency with complete master data (address, Steuernummer), unless `values` says otherwise. */
export async function seedAgency(
  app: FastifyInstance,
  mandantId = 'alpha',
  values: Partial<{ firma: string; strasse: string; steuernummer: string; ust_id: string }> = {},
): Promise<SeededAgency> {
  const nummer = `AG-${unique()}`.slice(0, 20);
  const row = await app.database.kysely
    .insertInto('agency')
    .values({
      mandant_id: mandantId,
      agenturnummer: nummer,
      firma: `Agentur ${nummer} GmbH`,
      strasse: 'Lindenallee 7',
      plz: '50667',
      ort: 'Köln',
      steuernummer: '214/5678/9012',
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, mandantId, nummer };
}

/** A staff member of the agency with these roles; answers a fresh agency token of theirs. */
export async function seedStaff(
  app: FastifyInstance,
  agency: SeededAgency,
  roles: AgencyRole[],
  status: 'active' | 'inactive' = 'active',
): Promise<{ id: string; email: string; token: string }> {
  const email = `staff-${unique().toLowerCase()}@agentur.example`;
  const row = await app.database.kysely
    .insertInto('agency_user')
    .values({
      mandant_id: agency.mandantId,
      email,
      name: `Staff ${roles.join('+')}`,
      roles,
      status,
      agency_id: agency.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = status === 'active' ? await app.issueAgencyToken(agency.mandantId, email) : '';
  return { id: row.id, email, token };
}

/** A recommender account of the agency (recommendations and orders inherit the agency by trigger). */
export async function seedRecommendation(
  app: FastifyInstance,
  agency: SeededAgency,
  produktId = '101',
  createdAt: string | Date = new Date(),
): Promise<string> {
  const account = await app.database.kysely
    .insertInto('account')
    .values({
      mandant_id: agency.mandantId,
      email: `empfehler-${unique().toLowerCase()}@kunde.example`,
      vorname: 'Erika',
      nachname: 'Empfehler',
      empfehler_hash: randomBytes(16).toString('hex'),
      agency_id: agency.id,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await app.database.kysely
    .insertInto('recommendation')
    .values({
      mandant_id: agency.mandantId,
      empfehlungsnummer: String(100_000_000 + Math.floor(Math.random() * 899_999_999)),
      link_hex: randomBytes(16).toString('hex'),
      account_id: account.id,
      produkt_id: produktId,
      created_at: createdAt,
      link_expires_at: new Date(Date.now() + 60 * 86_400_000),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An order of the agency's recommender, released (by default) at `releasedAt`. */
export async function seedOrder(
  app: FastifyInstance,
  agency: SeededAgency,
  order: {
    produktId?: string;
    orderDate: string;
    releasedAt?: string | null;
    release?: AgencyRelease;
    cancelled?: boolean;
  },
): Promise<string> {
  const produktId = order.produktId ?? '101';
  const recommendationId = await seedRecommendation(app, agency, produktId);
  const auftragsnummer = `A-${unique()}`;
  await app.database.kysely
    .insertInto('customer_order')
    .values({
      mandant_id: agency.mandantId,
      recommendation_id: recommendationId,
      external_order_id: auftragsnummer,
      produkt_id: produktId,
      order_date: order.orderDate,
      channel: 'link',
      attributed: true,
      source: 'api',
      agency_release: order.release ?? 'released',
      agency_released_at:
        order.releasedAt === undefined ? `${order.orderDate}T12:00:00+01:00` : order.releasedAt,
      cancelled_at: order.cancelled ? new Date() : null,
    })
    .execute();
  return auftragsnummer;
}

export function agencyHeaders(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** WinAnsi codes of the standard fonts that differ from Latin-1 (the ones a German invoice uses). */
const WIN_ANSI: Record<number, string> = {
  128: '€',
  132: '„',
  133: '…',
  145: '‘',
  146: '’',
  147: '“',
  148: '”',
  150: '–',
  151: '—',
};

/**
 * The text of a PDF pdfmake made with the standard fonts, one line per baseline, for assertions. pdfmake
 * compresses its content streams (FlateDecode): each `stream … endstream` is inflated with node:zlib (left
 * as it is when it is not deflated). In a content stream each word is a text object `BT … Tm … [<hex> kern
 * <hex>] TJ … ET`; the hex is WinAnsi. Words on one baseline (the Tm's y) form a line (table cells joined
 * by a space); runs of white space (including the no-break space of amounts) become one space.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: { y: string; words: string[] }[] = [];
  // Each stream is read by its dictionary's /Length, never by searching for "endstream": compressed bytes can
  // hold anything, and the content (its date) changes from day to day.
  for (const match of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const bytes = pdf.subarray(start, start + Number(match[1]));
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
      const body = block[1] ?? '';
      const y = /([-\d.]+) Tm/.exec(body)?.[1] ?? '';
      const word = [...body.matchAll(/<([0-9a-fA-F]*)>/g)]
        .map((hex) =>
          [...Buffer.from(hex[1] ?? '', 'hex')]
            .map((code) => WIN_ANSI[code] ?? String.fromCharCode(code))
            .join(''),
        )
        .join('');
      const last = lines.at(-1);
      if (last && last.y === y) last.words.push(word);
      else lines.push({ y, words: [word] });
    }
  }
  // A word carries its trailing space; a hyphenated word is split after the hyphen; cells have neither.
  const joined = (words: string[]) =>
    words.reduce((text, word) => (text === '' || /[\s-]$/.test(text) ? text + word : `${text} ${word}`), '');
  return lines.map((line) => joined(line.words).replace(/\s+/g, ' ').trim()).join('\n');
}
