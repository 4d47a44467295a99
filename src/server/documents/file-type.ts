import { extname } from 'node:path';
import type { FILE_LIMITS } from '../../shared/catalog';

export type FileType = (typeof FILE_LIMITS.mimeTypes)[number];

interface Signature {
  type: FileType;
  magic: readonly number[];
  extensions: readonly string[];
  /** Extension of the storage key. */
  ext: string;
}

// The content decides the type; each allowed format starts with a fixed byte sequence.
const SIGNATURES: readonly Signature[] = [
  { type: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d], extensions: ['.pdf'], ext: 'pdf' }, // %PDF-
  {
    type: 'image/png',
    magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    extensions: ['.png'],
    ext: 'png',
  },
  { type: 'image/jpeg', magic: [0xff, 0xd8, 0xff], extensions: ['.jpg', '.jpeg'], ext: 'jpg' },
];

/** Bytes needed to recognise every allowed format. */
export const SNIFF_BYTES = Math.max(...SIGNATURES.map((s) => s.magic.length));

// Names browsers and tools use for the same formats.
const MIME_ALIASES: Record<string, FileType> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'application/x-pdf': 'application/pdf',
};

function signatureOf(head: Uint8Array): Signature | undefined {
  return SIGNATURES.find((s) => s.magic.every((byte, i) => head[i] === byte));
}

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
