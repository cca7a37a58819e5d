import { MANDANT_ASSETS_PREFIX, type ThemeColors } from '../../schemas/api.ts';
import { escapeHtml } from './escapeHtml.ts';
import type { MailContent, MailContext, MailTexts } from './MailTemplate.ts';

/** The frame around every mail; a mandant overrides a part with `mail.layout.PART` in its i18n files. */
export const LAYOUT_TEXTS: Readonly<Record<'de' | 'en', MailTexts>> = {
  de: {
    greetingNamed: 'Hallo {{name}},',
    greeting: 'Hallo,',
    linkFallback:
      'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in die Adresszeile Ihres Browsers:',
    signature: 'Ihr Team von {{mandantName}}',
    footer: 'Diese E-Mail wurde automatisch versendet. Bitte antworten Sie nicht darauf.',
  },
  en: {
    greetingNamed: 'Hello {{name}},',
    greeting: 'Hello,',
    linkFallback: 'If the button does not work, copy this link into the address bar of your browser:',
    signature: 'Your {{mandantName}} team',
    footer: 'This e-mail was sent automatically. Please do not reply to it.',
  },
};

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The _base theme's colours: used when a mandant's theme leaves one out. */
const FALLBACK_COLORS: Required<ThemeColors> = {
  primary: '#2B4C6F',
  onPrimary: '#FFFFFF',
  secondary: '#4A5568',
  onSecondary: '#FFFFFF',
  background: '#FFFFFF',
  surface: '#F5F6F8',
  text: '#1F2328',
  muted: '#5A6270',
  border: '#8A929E',
  focus: '#1B5FB4',
  error: '#B3261E',
  success: '#1E6B34',
};
const FALLBACK_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

/**
 * Turns what a template says into the two parts of the mail: plain text (for every client and for
 * screen readers that prefer it) and HTML in the mandant's theme — colours, font, radius and logo, with
 * inline styles and layout tables because mail clients ignore style sheets. Every text is escaped; no
 * template can put markup into a mail.
 */
export function renderMail(content: MailContent, layout: MailContext): RenderedMail {
  const greeting = content.recipientName
    ? layout.t('greetingNamed', { name: content.recipientName })
    : layout.t('greeting');
  const signature = layout.t('signature');
  const footer = layout.t('footer');
  const homepage = layout.link('Homepage');
  return {
    subject: content.subject,
    text: renderText(content, { greeting, signature, footer, homepage, linkFallback: '' }),
    html: renderHtml(content, layout, {
      greeting,
      signature,
      footer,
      homepage,
      linkFallback: layout.t('linkFallback'),
    }),
  };
}

interface Frame {
  greeting: string;
  signature: string;
  footer: string;
  homepage: string;
  linkFallback: string;
}

function renderText(content: MailContent, frame: Frame): string {
  const blocks = [frame.greeting, ...content.paragraphs];
  if (content.action) blocks.push(`${content.action.label}:\n${content.action.url}`);
  blocks.push(...(content.notes ?? []), frame.signature, `-- \n${frame.footer}\n${frame.homepage}`);
  return `${blocks.join('\n\n')}\n`;
}

function renderHtml(content: MailContent, layout: MailContext, frame: Frame): string {
  const { mandant, language, origin } = layout;
  const theme = mandant.config.theme ?? {};
  const colors = { ...FALLBACK_COLORS, ...theme.colors };
  const font = theme.fonts?.body ?? FALLBACK_FONT;
  const radius = theme.radius ?? '8px';
  const e = escapeHtml;
  const paragraph = (text: string, style = '') =>
    `<p style="margin:0 0 16px;${style}">${e(text).replace(/\n/g, '<br>')}</p>`;
  const small = `font-size:14px;color:${e(colors.muted)};`;

  const logo = theme.logo
    ? `<img src="${e(`${origin}${MANDANT_ASSETS_PREFIX}/${mandant.id}/${theme.logo.src}`)}" alt="${e(mandant.config.name)}"${
        theme.logo.width ? ` width="${theme.logo.width}"` : ''
      }${theme.logo.height ? ` height="${theme.logo.height}"` : ''} style="display:block;border:0;max-width:100%;height:auto">`
    : `<span style="font-size:20px;font-weight:700;color:${e(colors.text)}">${e(mandant.config.name)}</span>`;

  const action = content.action
    ? [
        `<p style="margin:24px 0"><a href="${e(content.action.url)}" style="display:inline-block;padding:12px 24px;background:${e(colors.primary)};color:${e(colors.onPrimary)};border-radius:${e(radius)};font-weight:600;text-decoration:none">${e(content.action.label)}</a></p>`,
        paragraph(frame.linkFallback, small),
        `<p style="margin:0 0 16px;${small}word-break:break-all"><a href="${e(content.action.url)}" style="color:${e(colors.text)}">${e(content.action.url)}</a></p>`,
      ].join('\n')
    : '';

  return `<!doctype html>
<html lang="${e(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:${e(colors.surface)};color:${e(colors.text)};font-family:${e(font)}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${e(colors.surface)}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:${e(colors.background)};border-radius:${e(radius)}">
<tr><td style="padding:24px;border-bottom:4px solid ${e(colors.primary)}"><a href="${e(frame.homepage)}" style="text-decoration:none">${logo}</a></td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5;color:${e(colors.text)}">
${paragraph(frame.greeting)}
${content.paragraphs.map((text) => paragraph(text)).join('\n')}
${action}
${(content.notes ?? []).map((text) => paragraph(text, small)).join('\n')}
${paragraph(frame.signature)}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid ${e(colors.border)};font-size:13px;color:${e(colors.muted)}">${e(frame.footer)}<br><a href="${e(frame.homepage)}" style="color:${e(colors.muted)}">${e(frame.homepage)}</a></td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
