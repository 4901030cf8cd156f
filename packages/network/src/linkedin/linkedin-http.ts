import got, { RequestError, type Got, type Method } from 'got';
import { NetworkError } from '../network-error.js';
import { classifyLinkedInError } from './classify-error.js';
import type { LinkedInSettings, NetworkLogger } from './settings.js';

// Errors of the connect phase: no byte of the request left this machine, so the network cannot have acted on it.
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

export interface LinkedInResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * The transport to LinkedIn: versioned Rest.li headers on every /rest call (the
 * version comes from configuration alone), no automatic retries (the job decides),
 * and every failure classified into a NetworkError.
 */
export class LinkedInHttp {
  private readonly client: Got;

  constructor(
    readonly settings: LinkedInSettings,
    private readonly logger?: NetworkLogger,
  ) {
    this.client = got.extend({ throwHttpErrors: false, retry: { limit: 0 }, followRedirect: false, timeout: { request: settings.timeoutMs } });
  }

  /** A call to `<api base>/rest/<path>` (path may carry a query string). */
  rest(method: Method, path: string, token: string, json?: unknown): Promise<LinkedInResponse> {
    return this.send(
      method,
      `${this.settings.apiBaseUrl}/rest/${path}`,
      {
        Authorization: `Bearer ${token}`,
        'LinkedIn-Version': this.settings.apiVersion,
        'X-Restli-Protocol-Version': '2.0.0',
        'Content-Type': 'application/json',
      },
      json === undefined ? undefined : JSON.stringify(json),
    );
  }

  /** Any other call (upload URLs, /v2/userinfo, the OAuth token endpoint). */
  async send(method: Method, url: string, headers: Record<string, string>, body?: string | Buffer): Promise<LinkedInResponse> {
    let response;
    try {
      response = await this.client(url, { method, headers, body, responseType: 'text' });
    } catch (error) {
      if (error instanceof RequestError) {
        if (NEVER_SENT.has(error.code)) throw new NetworkError('retryable', `LinkedIn unreachable: ${error.code} ${error.message}`, { notSent: true, cause: error });
        // The request may have reached LinkedIn before the connection dropped or timed out.
        throw new NetworkError('retryable', `LinkedIn unreachable: ${error.code ?? ''} ${error.message}`, { uncertain: true, cause: error });
      }
      throw error;
    }
    const result = { status: response.statusCode, headers: response.headers, text: response.body };
    if (result.status >= 400) {
      const requestId = String(response.headers['x-li-uuid'] ?? response.headers['x-li-request-id'] ?? '') || undefined;
      const error = classifyLinkedInError(result.status, result.text, requestId, this.settings.apiVersion);
      this.logger?.warn('LinkedIn call failed', { method, path: new URL(url).pathname, status: result.status, kind: error.kind, x_li_uuid: requestId });
      throw error;
    }
    return result;
  }
}

export const parseJson = <T>(response: LinkedInResponse): T => {
  try {
    return JSON.parse(response.text) as T;
  } catch (error) {
    throw new NetworkError('retryable', `LinkedIn answered ${response.status} with a body that is not JSON`, { cause: error });
  }
};
