// The tenancy's deposit as the API answers it.

export const depositUrl = (tenancyId: string) => `/api/tenancies/${encodeURIComponent(tenancyId)}/deposit`;
export const depositKey = (tenancyId: string) => ['tenancies', tenancyId, 'deposit'] as const;
