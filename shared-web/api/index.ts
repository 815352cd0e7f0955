export { ApiError, errorFrom, isRefusal, NETWORK_FAILURE, statusOf } from './api-error.js';
export { api, API_BASE, apiBlob, apiRequest, setServerReads, uploadWithProgress, type RequestOptions, type ServerReads } from './api-client.js';
export { authHeaders, clearToken, getToken, onUnauthorized, setToken, TOKEN_KEY } from './token.js';
export {
  isAuthFailure,
  isRateLimited,
  isTransientFailure,
  profileRetryDelay,
  retryProfile,
  PRODUCTS_RATE_LIMIT_RETRY,
  RATE_LIMIT_MESSAGE,
  retryAfterMs,
  sessionRetryDelayMs,
  sleep,
  STATUS_UPDATE_RETRY,
  withRetries,
  type RetryPolicy,
} from './retry.js';
export { downloadFromApi, saveFile } from './download.js';
export { downloadFileName } from './download-file-name.js';
