import { DEFAULT_DOCUMENT_TYPE, type DocumentType } from '../../../shared/catalog';
import { isoDateInBerlin } from '../../../shared/dates';
import { contentMatchesName, SNIFF_BYTES } from '../../../shared/file-signatures';
import {
  checkUploadFile,
  type DocumentMetadata,
  documentMetadataSchema,
  type FileCheck,
  UPLOAD_MESSAGES,
} from '../../../shared/schemas/document';

/** One chosen file with its metadata form and upload state (spec §3 "Upload item"). */
export interface UploadItem {
  key: string;
  file: File;
  /** undefined: the default, the first property (which may still be loading) */
  propertyId: string | undefined;
  type: DocumentType;
  docDate: string;
  description: string;
  /** comma-separated, as typed */
  tags: string;
  status: 'ready' | 'uploading' | 'done' | 'failed';
  /** 0…1 */
  progress: number;
  error?: string;
  fieldErrors?: Partial<Record<keyof DocumentMetadata, string>>;
}

let counter = 0;

/** A new item with the spec's defaults: type Sonstiges, document date today. */
export function newUploadItem(file: File): UploadItem {
  counter += 1;
  return {
    key: `${counter}-${file.name}`,
    file,
    propertyId: undefined,
    type: DEFAULT_DOCUMENT_TYPE,
    docDate: isoDateInBerlin(new Date()),
    description: '',
    tags: '',
    status: 'ready',
    progress: 0,
  };
}

export type ItemCheck =
  | { ok: true; metadata: DocumentMetadata }
  | { ok: false; fieldErrors: Partial<Record<keyof DocumentMetadata, string>> };

/** Validates an item's form with the shared schema the server uses. */
export function checkItem(item: UploadItem, defaultPropertyId: string): ItemCheck {
  const result = documentMetadataSchema.safeParse({
    name: item.file.name,
    propertyId: item.propertyId ?? defaultPropertyId,
    type: item.type,
    docDate: item.docDate,
    description: item.description,
    tags: item.tags,
  });
  if (result.success) return { ok: true, metadata: result.data };
  const fieldErrors: Partial<Record<keyof DocumentMetadata, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isField(field)) fieldErrors[field] ??= issue.message;
  }
  return { ok: false, fieldErrors };
}

function isField(value: unknown): value is keyof DocumentMetadata {
  return typeof value === 'string' && value in documentMetadataSchema.shape;
}

/**
 * The spec's type and size check, then the file's first bytes: a text file renamed to .pdf is refused
 * when it is chosen, not after the other files have gone up.
 */
export async function checkChosenFile(file: File): Promise<FileCheck> {
  const check = checkUploadFile(file);
  if (!check.ok) return check;
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  if (contentMatchesName(head, file.name)) return check;
  return {
    ok: false,
    title: UPLOAD_MESSAGES.invalidTypeTitle,
    message: `"${file.name}" ist keine PDF-, JPG- oder PNG-Datei.`,
  };
}
