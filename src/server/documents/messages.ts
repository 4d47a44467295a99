import { FILE_LIMITS } from '../../shared/catalog';
import { checkUploadFile, UPLOAD_MESSAGES } from '../../shared/schemas/document';
import { AppError } from '../errors';

// German texts of spec §8 "Documents" that the server answers with.

export const documentNotFound = () => new AppError('not_found', 404, 'Beleg nicht gefunden.');

export const storedFileMissing = () =>
  new AppError('file_missing', 404, 'Die Datei dieses Belegs ist nicht mehr vorhanden.');

export const noFile = () =>
  new AppError('no_file', 400, UPLOAD_MESSAGES.noFiles, { file: UPLOAD_MESSAGES.noFiles });

export const malformedUpload = () =>
  new AppError(
    'malformed_upload',
    400,
    'Die Datei konnte nicht gelesen werden. Bitte versuchen Sie es erneut.',
  );

export const fileDeleteFailed = () =>
  new AppError('file_delete_failed', 500, 'Fehler beim Löschen der Datei');

export const rowDeleteFailed = () =>
  new AppError('document_delete_failed', 500, 'Fehler beim Löschen des Belegs');

const PROPERTY_NOT_FOUND = 'Immobilie nicht gefunden';

export const saveFailed = (reason: string, status = 500, fields?: Record<string, string>) =>
  new AppError('document_save_failed', status, `Fehler beim Speichern der Belegdaten: ${reason}`, fields);

/** The property named in the metadata is not one of the workspace's. */
export const unknownProperty = () => saveFailed(PROPERTY_NOT_FOUND, 400, { propertyId: PROPERTY_NOT_FOUND });

/**
 * The upload form's own rejection texts (shared check) for a file the server found too large or
 * not a verified PDF/JPEG/PNG, so browser and server say the same thing.
 */
export function rejectedFile(name: string, problem: 'too_large' | 'invalid_type'): AppError {
  const check =
    problem === 'too_large'
      ? checkUploadFile({ name, size: FILE_LIMITS.maxBytes + 1, type: FILE_LIMITS.mimeTypes[0] })
      : checkUploadFile({ name, size: 0, type: 'application/octet-stream' });
  const message = check.ok ? UPLOAD_MESSAGES.invalidTypeTitle : check.message;
  return problem === 'too_large'
    ? new AppError('file_too_large', 413, message, { file: message })
    : new AppError('invalid_file_type', 415, message, { file: message });
}

export const documentInFinalSettlement = () =>
  new AppError(
    'document_in_final_settlement',
    409,
    'Dieser Beleg gehört zu einer finalen Hausabrechnung; die Mieter können ihn dort einsehen (§ 556 Abs. 4 BGB). Er kann daher nicht gelöscht werden.',
  );
