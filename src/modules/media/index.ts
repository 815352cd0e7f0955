import type { ModuleDeps, StoreModule } from '../module.js';
import { mediaRoutes } from './api.js';
import { cloudinaryStorage, parseCloudinaryUrl } from './cloudinary-storage.js';
import { localDiskStorage, type MediaStorage } from './storage.js';

export { normaliseImageUrl, driveFileId, driveDirectLink } from '../../contract/image-urls.js';
export { renderProductImage, renderBannerImage } from './generated-images.js';
export { registerMediaServing } from './serving.js';
export type { MediaStorage } from './storage.js';
export type { FetchPolicy, ImageFetchRules, Resolver } from './remote-image.js';

export const startOrder = 15;

export interface MediaModule extends StoreModule {
  storage: MediaStorage;
}

/** Image storage (local disk under DATA_DIR/media, or Cloudinary when CLOUDINARY_URL is set), uploads and the image proxy. */
export function createModule(deps: ModuleDeps): MediaModule {
  const storage = deps.env.CLOUDINARY_URL ? cloudinaryStorage(parseCloudinaryUrl(deps.env.CLOUDINARY_URL)) : localDiskStorage(deps.env.DATA_DIR);
  return { name: 'media', storage, routes: (app, runtime) => mediaRoutes(app, runtime, storage) };
}

/** The storage uploads go to (local disk or Cloudinary). */
export function getMediaStorage(runtime: { modules: StoreModule[]; env: { DATA_DIR: string } }): MediaStorage {
  const media = runtime.modules.find((m) => m.name === 'media') as MediaModule | undefined;
  return media?.storage ?? localDiskStorage(runtime.env.DATA_DIR);
}

/** Local disk storage: the demo pictures are drawn here at first start, whatever the upload storage (no network). */
export const getLocalMediaStorage = (runtime: { env: { DATA_DIR: string } }): MediaStorage => localDiskStorage(runtime.env.DATA_DIR);
