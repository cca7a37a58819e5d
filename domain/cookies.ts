/** The raw value of a cookie in a Cookie header or `document.cookie` string, or null: the one cookie parser (runtime and server). */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator !== -1 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return null;
}
