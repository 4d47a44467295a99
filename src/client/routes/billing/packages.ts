import type { PackageList } from '../../../shared/schemas/billing';
import { api } from '../../lib/api';

// Also used by the landing page, so free of the SPA's query cache (ADR 0012).

/** GET /api/billing/packages: the catalog's packages with the price ids the server's payments use. */
export const fetchPackages = (signal?: AbortSignal) => api<PackageList>('/api/billing/packages', { signal });

/** "1 Abrechnung" / "2 Abrechnungen". */
export const statementsLabel = (count: number) => (count === 1 ? '1 Abrechnung' : `${count} Abrechnungen`);
