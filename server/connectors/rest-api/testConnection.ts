import { t } from '../../../src/messages/t';
import type { Settings, TestAnswer } from '../types';
import { callHttp, HttpCallError, type HttpLimits } from './httpClient';
import { keyHeaderOf } from './keyHeader';
import { requestUrl } from './pathTemplate';

// One attempt, no retries: the administrator is waiting for the answer and will press again.
const TEST_LIMITS: HttpLimits = {
  timeoutMs: 5000,
  retries: 0,
  retryWaitMs: 0,
  backoffMs: 0,
  maxResponseBytes: 1024 * 1024,
  maxRedirects: 3,
};

/**
 * Test Connection of a REST API (issue 30 point 4): a real GET of BaseUrl with the key sent as the
 * connection says, through the same client as flows (TLS verified, redirects within the origin only).
 * Any answer but a refused key (401, 403) or a server error (5xx) means the API is there and takes the
 * key; many APIs answer 404 at their root, which is success too. The message names the origin and the
 * status, never the key or the answer's text.
 */
export async function testRestApi(settings: Settings, _services: unknown): Promise<TestAnswer> {
  const url = requestUrl(String(settings.BaseUrl ?? ''), '');
  if (!url)
    return { Success: false, Message: t('cb.test.failed', { detail: t('cb.validation.settingUrl') }) };
  const key = keyHeaderOf(settings);
  try {
    const answer = await callHttp(
      {
        method: 'GET',
        url,
        headers: { accept: 'application/json', ...(key ? { [key.name]: key.value } : {}) },
        retryUnsafe: false,
      },
      TEST_LIMITS,
    );
    const detail = `${url.origin} answered HTTP ${answer.status}`;
    if (answer.status === 401 || answer.status === 403)
      return { Success: false, Message: t('cb.test.failed', { detail: `${detail}: the key was refused` }) };
    if (answer.status >= 500) return { Success: false, Message: t('cb.test.failed', { detail }) };
    return { Success: true, Message: t('cb.test.success', { detail }) };
  } catch (error) {
    const detail = error instanceof HttpCallError ? error.message : `${url.origin}: the request failed`;
    return { Success: false, Message: t('cb.test.failed', { detail }) };
  }
}
