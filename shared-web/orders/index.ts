export * from './statuses.js';
export { StatusBadge } from './status-badge.js';
