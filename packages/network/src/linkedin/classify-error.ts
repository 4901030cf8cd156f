import { NetworkError, nextUtcMidnight } from '../network-error.js';

export interface LinkedInErrorBody {
  status?: number;
  serviceErrorCode?: number;
  code?: string;
  message?: string;
}

const DUPLICATE_URN = /duplicate of (urn:li:[A-Za-z]+:[A-Za-z0-9_-]+)/i;

export function parseErrorBody(text: string): LinkedInErrorBody {
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * Turns a LinkedIn error answer into a NetworkError of the right kind
 * (linkedin-api.md "Errors and retries"): 429 and 5xx retry, 401 disconnects
 * the member, a 422 "duplicate of urn:…" names the earlier post, the rest of the
 * 4xx are permanent.
 */
export function classifyLinkedInError(status: number, text: string, requestId?: string, apiVersion?: string): NetworkError {
  const body = parseErrorBody(text);
  const code = body.code ?? /"code"\s*:\s*"([A-Z_]+)"/.exec(text)?.[1];
  const message = `LinkedIn answered ${status}${code ? ` ${code}` : ''}: ${body.message ?? text.slice(0, 300)}${requestId ? ` (x-li-uuid ${requestId})` : ''}`;
  const options = { status, code, serviceErrorCode: body.serviceErrorCode };
  if (status === 401) return new NetworkError('unauthorized', message, options);
  if (status === 426) {
    // Versions are retired about a year after release: only the operator can fix this, by configuration.
    const advice = `LinkedIn no longer serves API version ${apiVersion ?? '(unknown)'}: set LINKEDIN_API_VERSION to a current version (YYYYMM)`;
    return new NetworkError('permanent', `${advice}. ${message}`, { ...options, code: 'NONEXISTENT_VERSION' });
  }
  // Failed processing is final (an image over LinkedIn's pixel limit, a video that could not be transcoded); the others pass.
  const mediaFailed = /MEDIA_ASSET_PROCESSING_FAILED/.exec(text)?.[0];
  if (mediaFailed) return new NetworkError('permanent', message, { ...options, code: mediaFailed });
  const mediaNotReady = /MEDIA_ASSET_(?:WAITING_UPLOAD|PROCESSING)\b/.exec(text)?.[0];
  if (mediaNotReady) return new NetworkError('retryable', message, { ...options, code: mediaNotReady });
  const duplicate = DUPLICATE_URN.exec(text);
  if (status === 422 && (duplicate || /DUPLICATE_POST/.test(text))) {
    return new NetworkError('duplicate', message, { ...options, code: 'DUPLICATE_POST', duplicateOf: duplicate?.[1] });
  }
  if (status === 429) {
    // Resource-level throttles are daily quotas without Retry-After: they reset at midnight UTC.
    const daily = /throttle limit|daily|per day/i.test(text);
    return new NetworkError('retryable', message, { ...options, retryAt: daily ? nextUtcMidnight() : undefined });
  }
  if (status >= 500) return new NetworkError('retryable', message, { ...options, uncertain: true });
  return new NetworkError('permanent', message, options);
}
