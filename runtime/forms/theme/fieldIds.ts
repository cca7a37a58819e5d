/** Ids of a field's parts; an input names only those that exist in aria-describedby. */
export const errorIdOf = (id: string) => `${id}__error`;
export const descriptionIdOf = (id: string) => `${id}__description`;

export function describedBy(id: string, hasError: boolean, hasDescription = false): string | undefined {
  const ids = [hasError ? errorIdOf(id) : null, hasDescription ? descriptionIdOf(id) : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}
