/**
 * The profi-seller's commission (Provision) per order (issue 16, SPEC 3): the amount from the product's
 * `Provision` text and the plain reason shown with each line. Pure: the server and the runtime decide alike.
 */
import type { ProfiExtra } from '../schemas/api.ts';
import type { ProfiProvisionGrund, ProfiProvisionStatus } from '../schemas/profi.ts';

/** `kind;cents` as the fixed-line catalogue writes it (`standard;7000`); products.schema.json's pattern. */
const PROVISION = /^[a-z]+;([0-9]{1,9})$/;

/**
 * The commission basis of a product's `Provision` text: `standard;7000` → 7000 cents. Empty, missing or any
 * other text earns nothing (`known: false`, shown as KeineProvision), never an error: the order still counts.
 */
export function parseProvision(text: string | null | undefined): { basisCent: number; known: boolean } {
  const match = PROVISION.exec((text ?? '').trim());
  if (!match) return { basisCent: 0, known: false };
  const basisCent = Number(match[1]);
  return { basisCent, known: basisCent > 0 };
}

/**
 * The campaign extras of an order (mandant.json `programme.profiExtras`): every entry that names the product
 * (by Id or ExterneId, as the order does) and whose window holds the order day (YYYY-MM-DD, both ends
 * included, `Bis` null: open). Their cents add up; their ids go with the commission for the explanation.
 */
export function campaignExtras(
  extras: readonly ProfiExtra[] | undefined,
  productKeys: readonly string[],
  orderDay: string,
): { extraCent: number; ids: string[] } {
  const matching = (extras ?? []).filter(
    (extra) =>
      extra.ProduktIds.some((id) => productKeys.includes(id)) &&
      extra.Von <= orderDay &&
      (extra.Bis === null || orderDay <= extra.Bis),
  );
  return {
    extraCent: matching.reduce((sum, extra) => sum + extra.ExtraCent, 0),
    ids: matching.map((extra) => extra.Id),
  };
}

/** The stored commission status on the wire. */
export const PROVISION_STATUS_WIRE: Readonly<
  Record<'pending' | 'approved' | 'paid' | 'cancelled', ProfiProvisionStatus>
> = {
  pending: 'Offen',
  approved: 'Freigegeben',
  paid: 'Ausgezahlt',
  cancelled: 'Storniert',
};

/** What the reason of a commission line is decided from: the commission's and its order's state. */
export interface ProvisionFacts {
  status: 'pending' | 'approved' | 'paid' | 'cancelled';
  betragCent: number;
  /** The order's contract was concluded (the client confirmed it). */
  concluded: boolean;
  /** The order waits for the back office's review. */
  inReview: boolean;
  /** The commission is on a credit note. */
  onCreditNote: boolean;
}

/**
 * Why a commission is where it is (the runtime words it: `profi.grund.<Grund>`): cancelled with the order;
 * nothing to earn; paid; approved and on a credit note or waiting for the next; pending in review, for the
 * client's confirmation or for the claim period.
 */
export function provisionGrund(facts: ProvisionFacts): ProfiProvisionGrund {
  if (facts.status === 'cancelled') return 'AuftragStorniert';
  if (facts.betragCent === 0) return 'KeineProvision';
  if (facts.status === 'paid') return 'Ausgezahlt';
  if (facts.status === 'approved')
    return facts.onCreditNote ? 'AufGutschrift' : 'FreigegebenNaechsteGutschrift';
  if (facts.inReview) return 'InPruefung';
  return facts.concluded ? 'WartetAufWiderrufsfrist' : 'WartetAufBestaetigung';
}
