import type { ModuleDeps, StoreModule } from '../module.js';
import { mediaRoutes } from './api.js';
import { localDiskStorage, type MediaStorage } from './storage.js';

export { normaliseImageUrl, driveFileId, driveDirectLink } from './image-urls.js';
export { renderProductImage, renderBannerImage } from './generated-images.js';
export { registerMediaServing } from './serving.js';
export type { MediaStorage } from './storage.js';

export const startOrder = 15;

export interface MediaModule extends StoreModule {
  storage: MediaStorage;
}

/** Image storage (local disk under DATA_DIR/media; Cloudinary is not supported), uploads and the image proxy. */
export function createModule(deps: ModuleDeps): MediaModule {
  const storage = localDiskStorage(deps.env.DATA_DIR);
  if (deps.env.CLOUDINARY_URL) deps.log.warn('CLOUDINARY_URL is set, but the Cloudinary adapter is not supported in this build: images are stored under DATA_DIR/media');
  return { name: 'media', projectors: [], storage, routes: (app, runtime) => mediaRoutes(app, runtime, storage) };
}

/** The storage other modules write generated images to. */
export function getMediaStorage(runtime: { modules: StoreModule[]; env: { DATA_DIR: string } }): MediaStorage {
  const media = runtime.modules.find((m) => m.name === 'media') as MediaModule | undefined;
  return media?.storage ?? localDiskStorage(runtime.env.DATA_DIR);
}
