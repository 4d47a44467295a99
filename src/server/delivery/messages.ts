import { AppError } from '../errors';

export const statementNotFound = () =>
  new AppError(
    'not_found',
    404,
    'Für dieses Mietverhältnis gibt es in dieser Hausabrechnung keine finale Abrechnung.',
  );

export const notFinalYet = () =>
  new AppError(
    'settlement_draft',
    409,
    'Die Zustellung lässt sich erst erfassen, wenn die Hausabrechnung final ist.',
  );

export const superseded = () =>
  new AppError(
    'settlement_superseded',
    409,
    'Diese Abrechnung wurde korrigiert. Bitte versenden Sie die Korrektur statt der ersetzten Fassung.',
  );

export const noEmailAddress = () =>
  new AppError(
    'no_email',
    409,
    'Für dieses Mietverhältnis ist keine E-Mail-Adresse hinterlegt. Tragen Sie sie beim Mietverhältnis ein.',
  );
