export { queryKeys, type QueryKeys } from './query-keys.js';
export { refreshQueries } from './refresh.js';
