export { queryKeys, type QueryKeys } from './query-keys.js';
