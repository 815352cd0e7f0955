/**
 * Preload for a test server process: the projection leader's step-down never finishes (as when its lock connection
 * hangs), so a shutdown has to go on without it.
 */
import { ProjectionRunner } from '../../projections/runner.js';

ProjectionRunner.prototype.stop = function stop(): Promise<void> {
  return new Promise<void>(() => undefined);
};
