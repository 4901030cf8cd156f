import { ProviderUnavailableError } from '@lps/ai';
import { serviceUnavailable } from '@lps/common';

/**
 * Runs one text-provider call for a synchronous request. A provider that failed
 * for good becomes 503 service_unavailable with Retry-After (docs/api.md);
 * callers make the call before writing anything, so nothing is half-written.
 */
export async function callTextProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderUnavailableError) {
      throw serviceUnavailable('the text generation provider is unavailable; retry later', error.retryAfterSeconds, error);
    }
    throw error;
  }
}
