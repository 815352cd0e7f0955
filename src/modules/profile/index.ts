import type { ModuleDeps, StoreModule } from '../module.js';
import { addressesApi } from './addresses-api.js';
import './address-book.js';
import { pincodeApi } from './pincode-api.js';
import { warmPincodeIndex } from './pincode.js';
import { profileApi } from './profile-api.js';
import { wishlistApi } from './wishlist-api.js';
import './wishlist.js';

export { addressBookStream, addressBookEvents, type AddressBookEvent } from './address-book.js';
export { wishlistStream, wishlistEvents, type WishlistEvent } from './wishlist.js';
export { lookupPincode } from './pincode.js';
export { addressesOf, wishlistOf } from './queries.js';

export const startOrder = 50;

/** User profile (GET/PUT /user/profile), saved addresses, the server wishlist and the pincode lookup. */
export function createModule(_deps: ModuleDeps): StoreModule {
  return {
    name: 'profile',
    routes: async (app, runtime) => {
      await profileApi(app, runtime);
      await addressesApi(app, runtime);
      await wishlistApi(app, runtime);
      await pincodeApi(app, runtime);
    },
    start: async () => {
      warmPincodeIndex();
    },
  };
}
