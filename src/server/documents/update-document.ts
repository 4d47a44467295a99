import { and, eq } from 'drizzle-orm';
import { DOCUMENT_TYPES } from '../../shared/catalog';
import { documentMetadataSchema } from '../../shared/schemas/document';
import { z } from '../../shared/schemas/zod';
import { TAX_KINDS } from '../../shared/vocabulary';
import { type Db, pgErrorCode, type Tx } from '../db/client';
import { documents } from '../db/schema';
import { documentName } from './document-name';
import { unknownProperty } from './messages';
import { assertPropertyIdShape } from './metadata';
import { type DocumentRow, findDocument } from './queries';

// Absent fields stay as they are; `type` has no default here, so leaving it out keeps the stored one.
export const documentPatchSchema = documentMetadataSchema
  .extend({
    type: z.enum(DOCUMENT_TYPES),
    taxKind: z
      .enum(TAX_KINDS, { error: 'Bitte wählen Sie eine der angebotenen Arten.' })
      .nullable()
      .describe('What the receipt is for the tax year; null: its cost types decide'),
    taxSpreadYears: z
      .number({ error: 'Erhaltungsaufwand lässt sich auf 2 bis 5 Jahre verteilen.' })
      .int('Erhaltungsaufwand lässt sich auf 2 bis 5 Jahre verteilen.')
      .min(2, 'Erhaltungsaufwand lässt sich auf 2 bis 5 Jahre verteilen.')
      .max(5, 'Erhaltungsaufwand lässt sich auf 2 bis 5 Jahre verteilen.')
      .nullable()
      .describe('Erhaltungsaufwand spread over 2 to 5 years (§ 82b EStDV); null: deducted at once'),
  })
  .partial();
export type DocumentPatch = z.output<typeof documentPatchSchema>;

/**
 * Changes the metadata of the workspace's document; undefined when the user has no such document. A new
 * name keeps the stored file's extension (documentName).
 */
export async function updateDocument(
  db: Db | Tx,
  workspaceId: string,
  id: string,
  patch: DocumentPatch,
): Promise<DocumentRow | undefined> {
  assertPropertyIdShape(patch.propertyId);
  const current = await findDocument(db, workspaceId, id);
  if (!current || Object.values(patch).every((value) => value === undefined)) return current;
  const name = patch.name === undefined ? undefined : documentName(patch.name, current.fileType);
  try {
    const [row] = await db
      .update(documents)
      .set({ ...patch, name })
      .where(and(eq(documents.id, id), eq(documents.workspaceId, workspaceId)))
      .returning();
    return row;
  } catch (error) {
    // the composite foreign key refuses a property of another user
    if (pgErrorCode(error) === '23503') throw unknownProperty();
    throw error;
  }
}
