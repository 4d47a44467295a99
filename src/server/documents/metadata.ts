import type { z } from 'zod';
import { AppError } from '../errors';
import { isUuid } from '../http/ids';
import { unknownProperty } from './messages';

/** Parses with a shared schema; failures become the 400 the global handler gives JSON bodies. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    fields[issue.path.join('.') || '_'] ??= issue.message;
  }
  throw new AppError('validation', 400, 'Bitte überprüfen Sie Ihre Eingaben.', fields);
}

/** A property id that is not a UUID cannot be one of the workspace's properties. */
export function assertPropertyIdShape(propertyId: string | null | undefined): void {
  if (propertyId && !isUuid(propertyId)) throw unknownProperty();
}
