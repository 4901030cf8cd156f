/** Reported by GET /health; the API contract itself is 1.0.0 (see the OpenAPI document). */
export const SERVICE_VERSION = process.env.npm_package_version ?? '1.0.0';
export const API_VERSION = '1.0.0';
