import type { Env } from '../../config/env.js';

/** The settings a restored store needs to behave the same; never a secret. */
export function backupSettings(env: Env): Record<string, string | number | boolean | null> {
  return {
    GST_RATE: env.GST_RATE,
    TOKEN_TTL_HOURS: env.TOKEN_TTL_HOURS,
    imageStorage: env.CLOUDINARY_URL ? 'cloudinary' : 'local',
    eventStore: env.EVENTSTORE_URL ? 'eventstoredb' : 'postgres',
  };
}
