import { escapeHtml } from '../mail/escapeHtml.ts';

/** Markup that is already safe: written by the shop's templates, every value inside it escaped. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Part = Html | string | number | null | undefined | false | readonly Part[];

function render(part: Part): string {
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  if (part === null || part === undefined || part === false) return '';
  return escapeHtml(String(part));
}

/**
 * The shop's only way to write markup: every interpolated value is escaped unless it is `Html` made by
 * this same tag, so a value from the query or the form can never become markup.
 */
export function html(strings: TemplateStringsArray, ...values: readonly Part[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new Html(out);
}
