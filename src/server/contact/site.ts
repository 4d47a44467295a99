import type { Config } from '../env';

/** The operator's details for Impressum, Datenschutz, AGB and Widerrufsbelehrung (OPERATOR_* settings). */
export interface SiteInfo {
  operator: {
    name: string;
    address: string;
    email: string;
    phone: string;
    vatId: string;
  };
}

export function siteInfo(config: Config): SiteInfo {
  return {
    operator: {
      name: config.OPERATOR_NAME,
      address: config.OPERATOR_ADDRESS,
      email: config.OPERATOR_EMAIL,
      phone: config.OPERATOR_PHONE,
      vatId: config.OPERATOR_VAT_ID,
    },
  };
}
