/**
 * OAuth scopes as LinkedIn's token answers, our LINKEDIN_*SCOPES variables and our stored
 * rows write them: space- or comma-separated (older rows kept LinkedIn's commas).
 */
export const scopeList = (scopes: unknown): string[] => (typeof scopes === 'string' ? scopes : '').split(/[\s,]+/).filter(Boolean);
