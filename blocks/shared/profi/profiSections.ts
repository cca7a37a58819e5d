/** The profi-seller area's pages in the navigation's order, with their i18n label keys (issue 16). */
export const PROFI_SECTIONS = [
  { route: 'ProfiOverview', label: 'profi.nav.ProfiOverview' },
  { route: 'ProfiOrders', label: 'profi.nav.ProfiOrders' },
  { route: 'ProfiCommissions', label: 'profi.nav.ProfiCommissions' },
  { route: 'ProfiBilling', label: 'profi.nav.ProfiBilling' },
  { route: 'ProfiArea', label: 'profi.nav.ProfiArea' },
] as const;

/** 'YYYY-MM' → 'MM/YYYY', the month as a German or English reader writes it. */
export function monthText(month: string): string {
  const [year = '', number = ''] = month.split('-');
  return `${number}/${year}`;
}
