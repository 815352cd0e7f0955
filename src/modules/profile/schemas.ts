import { z } from 'zod';
import { answers, created, ok } from '../../contract/wire.js';
import { userSchema } from '../customers/index.js';
import { invisibleMessage, isVisibleText } from '../../core/visible-text.js';
import { ADDRESS_TYPES } from './address-book.js';
import { ADDRESS_MESSAGES } from './address-book-decide.js';

const field = z
  .string({ error: 'Address fields must be text' })
  .max(300, 'Value is too long')
  .refine((v) => isVisibleText(v.trim()), invisibleMessage('Address'));

/**
 * Address body: the server field names, plus the storefront form's camelCase names (addressLine1, addressLine2,
 * isDefault, addressType) as aliases. Only the shape is checked here; completeness is the decider's rule.
 */
export const addressBody = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
    const b = raw as Record<string, unknown>;
    return {
      ...b,
      address: b.address ?? b.addressLine1,
      address_line2: b.address_line2 ?? b.addressLine2,
      is_default: b.is_default ?? b.isDefault,
      address_type: b.address_type ?? b.addressType,
    };
  },
  z
    .object({
      name: field.optional(),
      address: field.optional(),
      address_line2: field.optional(),
      landmark: field.optional(),
      city: field.optional(),
      state: field.optional(),
      pincode: z.union([field, z.number().int().nonnegative()]).transform(String).optional(),
      phone: z.union([field, z.number().int().nonnegative()]).transform(String).optional(),
      address_type: z.enum(ADDRESS_TYPES, { error: ADDRESS_MESSAGES.addressType }).optional(),
      is_default: z.boolean({ error: 'is_default must be true or false' }).optional(),
    })
    .strip(),
);
export type AddressBody = z.infer<typeof addressBody>;

export const addressParams = z.object({ id: z.string().min(1).max(100) });

const productId = z
  .union([z.string().trim().min(1, 'Product is required').max(100, 'Product not found'), z.number().int().nonnegative()], {
    error: 'Product is required',
  })
  .transform(String);

export const wishlistBody = z.object({ productId });
export const wishlistParams = z.object({ productId: z.string().min(1).max(100) });
export const wishlistMergeBody = z.object({
  productIds: z.array(productId, { error: 'productIds must be a list' }).max(200, 'Too many products to merge'),
});

/** The name, sent as `name` or `full_name` (storefront spec section 3 takes both). */
const profileName = z
  .string()
  .trim()
  .min(1, 'Full name cannot be empty')
  .max(200, 'Value is too long')
  .refine((v) => isVisibleText(v), invisibleMessage('Name'))
  .optional();

export const userProfileBody = z
  .object({
    name: profileName,
    full_name: profileName,
    email: z.string().trim().max(200, 'Value is too long').pipe(z.email('Please enter a valid email address')).optional(),
    phone: z.string().trim().max(20, 'Please enter a valid 10-digit phone number').optional(),
    /** Needed only when the e-mail changes. */
    currentPassword: z.string().max(200, 'Password is too long').optional(),
  })
  .strip();

export const pincodeParams = z.object({ pincode: z.string().max(64, 'Invalid Pincode') });

/** A saved address as the storefront reads it (storefront spec section 3: snake_case server names). */
export const addressSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  address_line2: z.string(),
  landmark: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  phone: z.string(),
  is_default: z.boolean(),
  address_type: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A wishlist entry (`productId`, `name`, `image`, `category`, `price`; camelCase throughout). */
export const wishlistEntrySchema = z.object({
  productId: z.string(),
  name: z.string(),
  image: z.string(),
  category: z.string(),
  price: z.number(),
  /** What Add to Cart from the wishlist needs: whether it can be bought now, and how many. */
  inStock: z.boolean(),
  stockQuantity: z.number().int(),
});

export const addressListResponses = answers(ok({ addresses: z.array(addressSchema) }));
export const addressAddedResponses = created(ok({ message: z.string(), address: addressSchema.optional(), addresses: z.array(addressSchema) }));
export const addressUpdatedResponses = answers(ok({ message: z.string(), address: addressSchema, addresses: z.array(addressSchema) }));
export const addressDeletedResponses = answers(ok({ message: z.string(), addresses: z.array(addressSchema) }));

export const wishlistResponses = answers(ok({ wishlist: z.array(wishlistEntrySchema) }));
export const wishlistChangedResponses = answers(ok({ message: z.string(), wishlist: z.array(wishlistEntrySchema) }));
/** `ignored`: the ids no longer in the catalogue, skipped. */
export const wishlistMergedResponses = answers(ok({ wishlist: z.array(wishlistEntrySchema), ignored: z.array(z.string()) }));

/** The user of storefront spec section 3 with saved addresses and the server wishlist. */
export const profileUserSchema = userSchema.extend({ addresses: z.array(addressSchema), wishlist: z.array(wishlistEntrySchema) });
export const userProfileResponses = answers(ok({ user: profileUserSchema }));
export const userProfileUpdatedResponses = answers(ok({ message: z.string(), user: profileUserSchema }));

export const pincodeResponses = answers(ok({ pincode: z.string(), city: z.string(), state: z.string() }));
