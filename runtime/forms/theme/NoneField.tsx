/** A field the form keeps in its data but does not show (e.g. campaigns when there are none). */
export function NoneField() {
  return null;
}
