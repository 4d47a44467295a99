import { DEFAULT_DOCUMENT_TYPE, DOCUMENT_TYPES } from '../../shared/catalog';
import type { DocumentJson } from '../../shared/schemas/document';
import type { RecognitionJson } from '../../shared/schemas/receipt';
import type { RecognitionRow } from '../recognition/jobs';
import type { DocumentRow } from './queries';

function presentRecognition(row: RecognitionRow): RecognitionJson {
  return {
    status: row.status,
    method: row.method,
    fields: row.fields,
    evidence: row.evidence,
    warnings: row.warnings,
    confidence: row.confidence,
    sure: row.sure,
    error: row.error,
    pages: row.pages,
  };
}

export function presentDocument(row: DocumentRow, recognition: RecognitionRow | null = null): DocumentJson {
  return {
    id: row.id,
    propertyId: row.propertyId,
    name: row.name,
    type: DOCUMENT_TYPES.find((t) => t === row.type) ?? DEFAULT_DOCUMENT_TYPE,
    description: row.description,
    docDate: row.docDate,
    fileType: row.fileType,
    size: row.size,
    tags: row.tags,
    taxKind: row.taxKind,
    taxSpreadYears: row.taxSpreadYears,
    uploadDate: row.uploadDate.toISOString(),
    recognition: recognition ? presentRecognition(recognition) : null,
    booking: recognition?.booking ?? null,
    confirmedAt: recognition?.confirmedAt?.toISOString() ?? null,
  };
}
