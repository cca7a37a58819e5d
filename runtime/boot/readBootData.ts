import { BOOT_DATA_ELEMENT_ID, type BootData } from '../../schemas/api.ts';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Enough of the shape to render; anything less means the server's injection is broken. */
function isBootData(value: unknown): value is BootData {
  if (!isObject(value)) return false;
  const { mandantId, mandant, routes, additionalRoutes, languages, language, languageContent } = value;
  return (
    typeof mandantId === 'string' &&
    isObject(mandant) &&
    isObject(mandant.pages) &&
    isObject(routes) &&
    isObject(routes.Routes) &&
    isObject(routes.SupportedLanguage) &&
    Array.isArray(additionalRoutes) &&
    Array.isArray(languages) &&
    typeof language === 'string' &&
    Array.isArray(languageContent)
  );
}

/** The parsed content of a `<script type="application/json">` element the server embedded, or null. */
export function readJsonElement(doc: Document, id: string): Record<string, unknown> | null {
  const text = doc.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    const data: unknown = JSON.parse(text);
    return isObject(data) ? data : null;
  } catch {
    return null;
  }
}

/**
 * The boot data the server embeds as `<script type="application/json" id="boot-data">`, or null when it
 * is missing or unusable (then the runtime asks the API itself).
 */
export function readBootData(doc: Document = document): BootData | null {
  const element = doc.getElementById(BOOT_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const data: unknown = JSON.parse(element.textContent);
    if (isBootData(data)) return data;
    console.error('Boot data has an unexpected shape; loading the configuration from the API instead');
  } catch (error) {
    console.error('Boot data is not valid JSON; loading the configuration from the API instead', error);
  }
  return null;
}
