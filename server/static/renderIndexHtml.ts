import { BOOT_DATA_ELEMENT_ID } from '../../schemas/api.ts';

export interface IndexInjection {
  lang: string;
  title: string;
  faviconHref?: string;
  /** The mandant's theme stylesheet (colours, fonts, spacing as custom properties). */
  themeHref?: string;
  /** Already made safe for a script element (serializeForScript). */
  bootDataJson: string;
}

const HTML_TAG = /<html\b[^>]*>/i;
const LANG_ATTRIBUTE = /\s+lang\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/i;
export const TITLE = /<title\b[^>]*>[\s\S]*?<\/title>/i;
const ICON_LINK = /[ \t]*<link\b[^>]*\brel\s*=\s*["']?(?:shortcut\s+)?icon["']?[^>]*>\s*/gi;
export const HEAD_END = /([ \t]*)<\/head>/i;

/**
 * Puts a mandant into the runtime's index.html: `<html lang>`, `<title>`, the favicon and the boot data.
 * Every replacement uses a function, so `$&` and friends in a mandant's name stay literal text.
 */
export function renderIndexHtml(template: string, injection: IndexInjection): string {
  const lang = escapeHtml(injection.lang);
  let html = template.replace(HTML_TAG, (tag) => {
    const withoutLang = tag.replace(LANG_ATTRIBUTE, '');
    return `${withoutLang.slice(0, '<html'.length)} lang="${lang}"${withoutLang.slice('<html'.length)}`;
  });

  const title = `<title>${escapeHtml(injection.title)}</title>`;
  const head: string[] = [];
  if (TITLE.test(html)) html = html.replace(TITLE, () => title);
  else head.push(title);

  if (injection.faviconHref) {
    html = html.replace(ICON_LINK, '');
    head.push(
      `<link rel="icon" href="${escapeHtml(injection.faviconHref)}"${iconType(injection.faviconHref)}>`,
    );
  }
  if (injection.themeHref) head.push(`<link rel="stylesheet" href="${escapeHtml(injection.themeHref)}">`);
  head.push(
    `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${injection.bootDataJson}</script>`,
  );

  if (HEAD_END.test(html)) {
    return html.replace(HEAD_END, (_end, indent: string) => {
      const lines = head.map((element) => `${indent}  ${element}\n`).join('');
      return `${lines}${indent}</head>`;
    });
  }
  // No head (a hand-written template): still deliver the data, at the very start of the document.
  return `${head.join('\n')}\n${html}`;
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function iconType(href: string): string {
  const extension = href.split('?')[0]?.split('.').pop()?.toLowerCase();
  const types: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', ico: 'image/x-icon' };
  const type = extension ? types[extension] : undefined;
  return type ? ` type="${type}"` : '';
}
