import { type Html, html } from './html.ts';
import { type ShopLanguage, type ShopTextKey, say } from './shopTexts.ts';

/** The mandant whose shop a page belongs to: its name in the header, its colours in the stylesheet. */
export interface ShopIdentity {
  id: string;
  name: string;
}

export interface LayoutView {
  language: ShopLanguage;
  title: string;
  shop: ShopIdentity | null;
  /** The same page in the other language; only GET pages have one. */
  otherLanguageHref?: string;
  main: Html;
}

/** The frame of every shop page: language, title, the shop's name, the demo note. No script. */
export function layout(view: LayoutView): string {
  const { language, shop } = view;
  const other: ShopLanguage = language === 'de' ? 'en' : 'de';
  const stylesheet = shop ? `/${encodeURIComponent(shop.id)}/shop.css` : '/shop.css';
  const brand = shop ? say(language, 'shopName', { name: shop.name }) : say(language, 'indexTitle');
  return html`<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${shop ? `${view.title} – ${brand}` : view.title}</title>
<link rel="stylesheet" href="${stylesheet}">
</head>
<body>
<header class="top">
<p class="brand">${brand}</p>
${
  view.otherLanguageHref
    ? html`<nav aria-label="${say(language, 'languageNav')}"><a href="${view.otherLanguageHref}" hreflang="${other}" lang="${other}">${say(language, 'otherLanguage')}</a></nav>`
    : null
}
</header>
<main>
${view.main}
</main>
<footer><p>${say(language, 'demoNote')}</p></footer>
</body>
</html>
`.value;
}

export type OrderField = 'vorname' | 'nachname' | 'email';

export interface OrderFormView {
  language: ShopLanguage;
  mandantId: string;
  productName: string;
  empfehlungsnummer: string;
  produkt: string;
  /** Chosen when the form is shown, so that sending it twice reports one order (idempotent). */
  auftragsnummer: string;
  values: Record<OrderField, string>;
  errors: Partial<Record<OrderField, ShopTextKey>>;
}

const FIELDS: readonly { name: OrderField; label: ShopTextKey; type: string; autocomplete: string }[] = [
  { name: 'vorname', label: 'firstName', type: 'text', autocomplete: 'given-name' },
  { name: 'nachname', label: 'lastName', type: 'text', autocomplete: 'family-name' },
  { name: 'email', label: 'email', type: 'email', autocomplete: 'email' },
];

/** The product the friend was recommended and the order form (first name, last name, e-mail). */
export function orderForm(view: OrderFormView): Html {
  const { language: lang } = view;
  const problems = FIELDS.filter((field) => view.errors[field.name]);
  const field = (spec: (typeof FIELDS)[number]) => {
    const error = view.errors[spec.name];
    const errorId = `${spec.name}-error`;
    return html`<div class="field">
<label for="${spec.name}">${say(lang, spec.label)}</label>
<input id="${spec.name}" name="${spec.name}" type="${spec.type}" autocomplete="${spec.autocomplete}" required maxlength="${spec.name === 'email' ? 254 : 100}" value="${view.values[spec.name]}"${error ? html` aria-invalid="true" aria-describedby="${errorId}"` : null}>
${error ? html`<p class="error" id="${errorId}">${say(lang, error)}</p>` : null}
</div>`;
  };
  return html`<h1>${say(lang, 'orderTitle')}</h1>
<p>${say(lang, 'orderIntro')}</p>
<dl class="facts">
<div><dt>${say(lang, 'product')}</dt><dd>${view.productName}</dd></div>
<div><dt>${say(lang, 'recommendation')}</dt><dd>${view.empfehlungsnummer}</dd></div>
</dl>
${
  problems.length > 0
    ? html`<div class="alert" role="alert">
<h2>${say(lang, 'checkEntries')}</h2>
<ul>${problems.map((spec) => html`<li><a href="#${spec.name}">${say(lang, view.errors[spec.name] ?? 'checkEntries')}</a></li>`)}</ul>
</div>`
    : null
}
<h2 id="details-heading">${say(lang, 'detailsHeading')}</h2>
<form method="post" action="/${encodeURIComponent(view.mandantId)}/bestellen" aria-labelledby="details-heading">
<input type="hidden" name="empfehlungsnummer" value="${view.empfehlungsnummer}">
<input type="hidden" name="produkt" value="${view.produkt}">
<input type="hidden" name="auftragsnummer" value="${view.auftragsnummer}">
<input type="hidden" name="lang" value="${lang}">
${FIELDS.map(field)}
<button type="submit" class="button">${say(lang, 'submit')}</button>
</form>`;
}

export interface ThanksView {
  language: ShopLanguage;
  mandantId: string;
  vorname: string;
  auftragsnummer: string;
  empfehlungsnummer: string;
  /** The recommendation's status the platform answered. */
  status: string;
}

/** After the order: thanks, the order number, and the CRM button a demo user presses to confirm the contract. */
export function thanks(view: ThanksView): Html {
  const { language: lang } = view;
  return html`<h1>${say(lang, 'thanksTitle')}</h1>
<p>${say(lang, 'thanksGreeting', { name: view.vorname })}</p>
<dl class="facts">
<div><dt>${say(lang, 'orderNumber')}</dt><dd>${view.auftragsnummer}</dd></div>
</dl>
<p>${say(lang, 'reported', { nr: view.empfehlungsnummer, status: view.status })}</p>
<section class="crm" aria-labelledby="crm-heading">
<h2 id="crm-heading">${say(lang, 'crmHeading')}</h2>
<p>${say(lang, 'crmText')}</p>
<form method="post" action="/${encodeURIComponent(view.mandantId)}/vertrag">
<input type="hidden" name="auftragsnummer" value="${view.auftragsnummer}">
<input type="hidden" name="lang" value="${lang}">
<button type="submit" class="button">${say(lang, 'crmButton')}</button>
</form>
</section>`;
}

export function contractConfirmed(language: ShopLanguage, auftragsnummer: string): Html {
  return html`<h1>${say(language, 'contractTitle')}</h1>
<p>${say(language, 'contractText', { order: auftragsnummer })}</p>`;
}

/** A refusal in words a visitor understands; the platform's code below it helps whoever runs the demo. */
export function problem(language: ShopLanguage, message: ShopTextKey, code?: string): Html {
  return html`<h1>${say(language, 'errorTitle')}</h1>
<p>${say(language, message)}</p>
${code ? html`<p class="code">${say(language, 'errorCode')}: ${code}</p>` : null}`;
}

export function shopIndex(language: ShopLanguage, shops: readonly ShopIdentity[]): Html {
  return html`<h1>${say(language, 'indexTitle')}</h1>
<p>${say(language, 'indexText')}</p>
<ul>${shops.map((shop) => html`<li>${shop.name} (<code>/${shop.id}/</code>)</li>`)}</ul>`;
}
