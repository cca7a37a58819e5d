import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { safeRelativePath } from '../static/safeRelativePath.ts';

/** An image ready to send: read once at start, so serving it costs no file system access. */
export interface ProductImage {
  body: Buffer;
  contentType: string;
  /** Strong validator for conditional requests (If-None-Match). */
  etag: string;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

/** Product pictures are small; a bigger file is a mistake that would sit in every process's memory. */
export const MAX_IMAGE_BYTES = 512 * 1024;

/** Placeholders in _base/products/images/, served when a record names no image of its own. */
export const PLACEHOLDERS = {
  product: 'platzhalter-produkt.svg',
  category: 'platzhalter-kategorie.svg',
  icon: 'platzhalter-icon.svg',
} as const;

/**
 * Reads one image by file name from the first folder that has it (the mandant's products/images/, then
 * _base's). Answers a reason instead of the image when the name is unsafe, missing, too large or of an
 * unknown type.
 */
export async function readProductImage(
  name: string,
  folders: readonly string[],
): Promise<ProductImage | { problem: string }> {
  const relative = safeRelativePath(name);
  const contentType = CONTENT_TYPES[path.extname(name).toLowerCase()];
  if (relative === undefined || relative.includes('/')) {
    return { problem: `"${name}" must be a plain file name in products/images/` };
  }
  if (!contentType) return { problem: `"${name}" is not an svg, png, jpg or webp image` };
  for (const folder of folders) {
    const file = path.join(folder, relative);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) continue;
    if (info.size > MAX_IMAGE_BYTES) {
      return { problem: `"${name}" is larger than ${MAX_IMAGE_BYTES / 1024} KiB` };
    }
    const body = await readFile(file);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    return { body, contentType, etag };
  }
  return {
    problem: `image "${name}" not found in ${folders.map((f) => path.relative(process.cwd(), f)).join(' or ')}`,
  };
}
