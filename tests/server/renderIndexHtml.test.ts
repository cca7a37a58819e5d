import { describe, expect, it } from 'vitest';
import { renderIndexHtml } from '../../server/static/renderIndexHtml.ts';
import { serializeForScript } from '../../server/static/serializeForScript.ts';

const TEMPLATE = `<!doctype html>
<html lang="en" class="app">
  <head>
    <link rel="icon" type="image/svg+xml" href="/vite.svg" />
    <title>Runtime</title>
  </head>
  <body></body>
</html>`;

describe('serializeForScript', () => {
  it('escapes everything that could end the script element, and parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & \u2028\u2029 >' };
    const json = serializeForScript(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('renderIndexHtml', () => {
  const render = (title: string, faviconHref?: string) =>
    renderIndexHtml(TEMPLATE, { lang: 'de', title, faviconHref, bootDataJson: '{"a":1}' });

  it('sets <html lang>, keeping other attributes', () => {
    expect(render('X')).toContain('<html lang="de" class="app">');
  });

  it('replaces the title, escaped, and keeps $ patterns literal', () => {
    const html = render(`A & "B" </title><script>x</script> $& $'`);
    expect(html).toContain(
      '<title>A &amp; &quot;B&quot; &lt;/title&gt;&lt;script&gt;x&lt;/script&gt; $&amp; $&#39;</title>',
    );
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('replaces the icon link when the mandant has a favicon, and keeps it otherwise', () => {
    const withIcon = render('X', '/mandant-assets/a/favicon.svg');
    expect(withIcon).not.toContain('/vite.svg');
    expect(withIcon).toContain('<link rel="icon" href="/mandant-assets/a/favicon.svg" type="image/svg+xml">');
    expect(render('X')).toContain('href="/vite.svg"');
  });

  it('puts the boot data right before </head>', () => {
    expect(render('X')).toMatch(
      /<script type="application\/json" id="boot-data">\{"a":1\}<\/script>\n {2}<\/head>/,
    );
  });

  it('adds a title when the template has none', () => {
    const html = renderIndexHtml('<html><head></head><body></body></html>', {
      lang: 'en',
      title: 'T',
      bootDataJson: '{}',
    });
    expect(html).toContain('<title>T</title>');
    expect(html).toContain('<html lang="en">');
  });
});
