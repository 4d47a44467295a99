import { AppError } from '../errors';

export const settlementNotFound = () => new AppError('not_found', 404, 'Hausabrechnung nicht gefunden.');

export const settlementIsFinal = () =>
  new AppError(
    'settlement_final',
    409,
    'Diese Hausabrechnung ist final und kann nicht mehr geändert werden. Legen Sie für Änderungen eine Korrektur an.',
  );

export const correctionExists = () =>
  new AppError('correction_exists', 409, 'Zu dieser Hausabrechnung gibt es bereits eine Korrektur.');

export const notFinal = () =>
  new AppError('settlement_draft', 409, 'Nur eine finale Hausabrechnung kann korrigiert werden.');

export const notFinalYet = () =>
  new AppError(
    'settlement_draft',
    409,
    'Die Hausabrechnung ist noch nicht final; finale PDFs gibt es erst danach.',
  );

export const letterNotFound = () =>
  new AppError(
    'not_found',
    404,
    'Für dieses Mietverhältnis gibt es in dieser Hausabrechnung keine Abrechnung.',
  );

export const lettersPartNotFound = () =>
  new AppError('not_found', 404, 'In diesem Teil der Hausabrechnung gibt es keine Briefe.');

export const previewOfFinal = () =>
  new AppError(
    'settlement_final',
    409,
    'Diese Hausabrechnung ist final: Laden Sie die Briefe einzeln oder alle als ZIP-Archiv herunter.',
  );

export const costNotFound = () => new AppError('not_found', 404, 'Diese Kostenposition gibt es nicht.');

export const documentsNotFound = () =>
  new AppError('not_found', 404, 'Mindestens einer der Belege wurde nicht gefunden.');
