import { extname } from 'node:path';
import {
  type FileType,
  SIGNATURES,
  type Signature,
  SNIFF_BYTES,
  signatureOf,
} from '../../shared/file-signatures';
import { contentDisposition } from '../http/content-disposition';

export type { FileType };
export { SNIFF_BYTES };

// Names browsers and tools use for the same formats.
const MIME_ALIASES: Record<string, FileType> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'application/x-pdf': 'application/pdf',
  'text/xml': 'application/xml',
};

/** The allowed type the first bytes show, or null. */
export function sniffFileType(head: Uint8Array): FileType | null {
  return signatureOf(head)?.type ?? null;
}

/**
 * The file's type when its content is an allowed format AND its name and declared MIME type (when
 * given) agree with that content; null otherwise. So a renamed .exe and a PNG sent as PDF fail.
 */
export function verifiedFileType(head: Uint8Array, name: string, declaredMime: string): FileType | null {
  const signature = signatureOf(head);
  if (!signature) return null;
  const ext = extname(name).toLowerCase();
  if (ext !== '' && !signature.extensions.includes(ext)) return null;
  const mime = declaredMime.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mime !== '' && mime !== 'application/octet-stream' && (MIME_ALIASES[mime] ?? mime) !== signature.type) {
    return null;
  }
  return signature.type;
}

/** The file name extensions of an allowed type: ['.jpg', '.jpeg']. */
export function fileExtensionsOf(type: string): readonly string[] {
  return signatureFor(type).extensions;
}

/** 'pdf', 'png' or 'jpg'. */
export function extensionOf(type: string): string {
  return signatureFor(type).ext;
}

function signatureFor(type: string): Signature {
  const signature = SIGNATURES.find((s) => s.type === type);
  if (!signature) throw new Error(`no signature for ${type}`);
  return signature;
}

/**
 * Whether a browser may show the file in its own window: a PDF or a picture. Anything else (an XML
 * e-invoice) is sent as a download in a sandbox, so a file cannot act as a page of ours (a meta
 * refresh, a script).
 */
export const shownInline = (type: string) => type === 'application/pdf' || type.startsWith('image/');

/** Content-Disposition and, for what is not shown inline, a sandboxing Content-Security-Policy. */
export function receiptFileHeaders(type: string, fileName: string): Record<string, string> {
  return shownInline(type)
    ? { 'content-disposition': contentDisposition('inline', fileName) }
    : {
        'content-disposition': contentDisposition('attachment', fileName),
        'content-security-policy': 'sandbox',
      };
}
