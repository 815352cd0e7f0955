import type pg from 'pg';
import { PersonalDataCodec } from './codec.js';
import { loadMasterKey } from './master-key.js';
import { SubjectKeyStore } from './subject-keys.js';
import './personal-fields.js';

export interface PersonalData {
  keys: SubjectKeyStore;
  codec: PersonalDataCodec;
}

/** The per-shopper key store under the master key (DATA_KEY or DATA_DIR/data-key) and the event store's codec. */
export async function openPersonalData(pool: pg.Pool, env: { DATA_KEY?: string; DATA_DIR: string }): Promise<PersonalData> {
  const keys = new SubjectKeyStore(pool, loadMasterKey(env));
  return { keys, codec: await PersonalDataCodec.create(keys) };
}
