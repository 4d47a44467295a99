import { extname } from 'node:path';
import { extensionOf, fileExtensionsOf } from './file-type';

const NAME_MAX = 255;

/**
 * The name a document is listed and downloaded under: it ends in an extension of the stored file's
 * type (a verified one, see file-type.ts), else that extension is appended ('Heizung' → 'Heizung.pdf',
 * 'evil.html' → 'evil.html.pdf'), so a saved download always opens as what it is. At most 255 characters.
 */
export function documentName(name: string, fileType: string): string {
  if (fileExtensionsOf(fileType).includes(extname(name).toLowerCase())) return name;
  const ext = `.${extensionOf(fileType)}`;
  return `${name.slice(0, NAME_MAX - ext.length).trimEnd()}${ext}`;
}
