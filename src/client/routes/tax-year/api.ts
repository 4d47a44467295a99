// A property's tax year and its inputs as the API answers them.

const property = (propertyId: string) => `/api/properties/${encodeURIComponent(propertyId)}`;

export const taxYearUrl = (propertyId: string, year: number) => `${property(propertyId)}/tax-years/${year}`;
export const taxYearKey = (propertyId: string, year: number) =>
  ['properties', propertyId, 'tax-years', year] as const;
/** Every year of the property: what a change of its loans, AfA or receipts makes stale. */
export const taxYearsKey = (propertyId: string) => ['properties', propertyId, 'tax-years'] as const;

export const loansUrl = (propertyId: string) => `${property(propertyId)}/loans`;
export const loanUrl = (propertyId: string, loanId: string) =>
  `${loansUrl(propertyId)}/${encodeURIComponent(loanId)}`;
export const loansKey = (propertyId: string) => ['properties', propertyId, 'loans'] as const;
export const loanStatementsUrl = (propertyId: string) => `${property(propertyId)}/loan-statements`;

export const depreciationUrl = (propertyId: string) => `${property(propertyId)}/depreciation`;
export const depreciationKey = (propertyId: string) => ['properties', propertyId, 'depreciation'] as const;

export const taxHelpUrl = (propertyId: string, year: number) =>
  `${taxYearUrl(propertyId, year)}/anlage-v.pdf`;
export const receiptsZipUrl = (propertyId: string, year: number) =>
  `${property(propertyId)}/receipts/${year}.zip`;

const workspace = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}`;
export const datevSettingsUrl = (workspaceId: string) => `${workspace(workspaceId)}/datev`;
export const datevSettingsKey = (workspaceId: string) => ['workspaces', workspaceId, 'datev'] as const;
export const datevFileUrl = (workspaceId: string, year: number) =>
  `${datevSettingsUrl(workspaceId)}/${year}.csv`;

export const coOwnersUrl = (propertyId: string) => `${property(propertyId)}/co-owners`;
export const coOwnersKey = (propertyId: string) => ['properties', propertyId, 'co-owners'] as const;
export const workspaceReceiptsZipUrl = (workspaceId: string, year: number) =>
  `${workspace(workspaceId)}/receipts/${year}.zip`;
