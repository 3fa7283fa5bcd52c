import i18n from './i18n';

/**
 * The browser side of SPEC §7 and §8: credentials on every request, the CSRF token fetched once
 * and shared by concurrent callers, sent on every unsafe method, and refreshed and retried once
 * when the server answers 403 CSRF_TOKEN_INVALID. Errors keep the server's localized message.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly serverMessage: string | undefined,
    message: string,
    readonly details?: { field: string; rule: string; message: string }[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
let cachedToken: string | null = null;
let pendingToken: Promise<string | null> | null = null;
/**
 * Bumped by every clear: a fetch that started before a clear (sign-out, a rejected token) must
 * neither cache its now stale token nor drop a newer fetch that started after the clear.
 */
let generation = 0;

export function clearCsrfToken(): void {
  generation += 1;
  cachedToken = null;
  pendingToken = null;
}

async function fetchCsrfToken(started: number): Promise<string | null> {
  try {
    const response = await fetch('/api/csrf-token', { credentials: 'include' });
    if (!response.ok) throw new Error('Failed to fetch CSRF token');
    const body = (await response.json()) as { csrfToken: string };
    if (started === generation) cachedToken = body.csrfToken;
    return body.csrfToken;
  } catch (error) {
    console.error('Failed to fetch CSRF token', error);
    return null;
  }
}

export async function getCsrfToken(): Promise<string | null> {
  if (cachedToken) return cachedToken;
  if (pendingToken) return pendingToken;
  const fetching: Promise<string | null> = fetchCsrfToken(generation).finally(() => {
    if (pendingToken === fetching) pendingToken = null;
  });
  pendingToken = fetching;
  return fetching;
}

/** Extra headers of one call, such as the Idempotency-Key of a money route (api.md). */
export interface RequestOptions {
  headers?: Record<string, string>;
}

async function send(method: string, url: string, body: unknown, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { 'Accept-Language': i18n.language || 'it', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (!SAFE_METHODS.has(method)) {
    const token = await getCsrfToken();
    if (token) headers['X-CSRF-Token'] = token;
  }
  return fetch(url, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function isCsrfFailure(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  try {
    const body = (await response.clone().json()) as { code?: string };
    return body.code === 'CSRF_TOKEN_INVALID';
  } catch {
    return false;
  }
}

/** Sends a request; on CSRF_TOKEN_INVALID refreshes the token and retries once, returning the retry as is. */
export async function apiFetch(
  method: string,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const response = await send(method, url, body, options);
  if (!SAFE_METHODS.has(method) && (await isCsrfFailure(response))) {
    console.warn('CSRF token rejected: fetching a new one and retrying once');
    clearCsrfToken();
    return send(method, url, body, options);
  }
  return response;
}

/** Throws an ApiError for a non-ok response: message "status: text", plus the server's code and message. */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text();
  let parsed: { code?: string; message?: string; details?: ApiError['details'] } = {};
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  throw new ApiError(
    response.status,
    parsed.code,
    parsed.message,
    `${response.status}: ${text || response.statusText}`,
    parsed.details,
  );
}

/** A JSON mutation: method, URL and optional payload; any non-ok response is an error. */
export async function apiRequest<T>(
  method: string,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const response = await apiFetch(method, url, body, options);
  await throwIfNotOk(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** The default read of a query key: GET the parts joined by '/', null on 401 when asked. */
export function getQueryFn(options: { on401: 'returnNull' | 'throw' }) {
  return async <T>({ queryKey }: { queryKey: readonly unknown[] }): Promise<T | null> => {
    const response = await apiFetch('GET', queryKey.join('/'));
    if (options.on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

/** The text to show a person for a failed call: the server's message in their language, or a generic one. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.status >= 500) return i18n.t('errors.server');
  }
  if (error instanceof TypeError) return i18n.t('errors.network');
  return i18n.t('errors.generic');
}
