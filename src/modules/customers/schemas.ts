import { z } from 'zod';
import { answers, created, ok } from '../../contract/wire.js';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.js';
import { invisibleMessage, isPhone, isVisibleText, normalisePhone, PHONE_MESSAGE } from '../../core/visible-text.js';

const required = 'Please fill in all required fields';
const location = 'Please provide your location details';
const visible = (label: string) => [(v: string) => isVisibleText(v), invisibleMessage(label)] as const;
const text = (message: string, label = 'Text') =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(200, 'Value is too long')
    .refine(...visible(label));
const optionalText = (label: string) =>
  z
    .string()
    .trim()
    .max(500, 'Value is too long')
    .refine(...visible(label))
    .optional()
    .default('');
/** Optional; when given, a 10-digit Indian number (+91 and spaces allowed, stored as the 10 digits). */
const phone = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .max(20, PHONE_MESSAGE)
  .transform(normalisePhone)
  .refine((v) => v === '' || isPhone(v), PHONE_MESSAGE);

/** Signup, password change and reset: at least 6 characters and not one of the most common passwords. */
export const passwordRule = z
  .string({ error: required })
  .min(6, { error: 'Password must be at least 6 characters long', abort: true })
  .max(200, { error: 'Password is too long', abort: true })
  .refine((password) => !isCommonPassword(password), COMMON_PASSWORD_MESSAGE);
export const pincodeRule = z
  .string({ error: location })
  .trim()
  .min(1, location)
  .regex(/^\d{6}$/, 'Invalid Pincode');

export const signupBody = z.object({
  full_name: text(required, 'Name'),
  email: text(required).pipe(z.email('Please enter a valid email address')),
  password: passwordRule,
  phone: phone.optional().default(''),
  address: optionalText('Address'),
  pincode: pincodeRule,
  city: text(location, 'City'),
  state: text(location, 'State'),
});

export const loginBody = z.object({
  email: z.string({ error: 'Please fill in all fields' }).trim().min(1, 'Please fill in all fields').max(200),
  password: z.string({ error: 'Please fill in all fields' }).min(1, 'Please fill in all fields').max(200),
});

/** The name, sent as `full_name` or `name` (storefront spec section 3 takes both). */
const profileName = z
  .string()
  .trim()
  .min(1, 'Full name cannot be empty')
  .max(200)
  .refine(...visible('Name'))
  .optional();

export const profileBody = z
  .object({
    full_name: profileName,
    name: profileName,
    email: z.string().trim().pipe(z.email('Please enter a valid email address')).optional(),
    phone: phone.optional(),
    address: z
      .string()
      .trim()
      .max(500)
      .refine(...visible('Address'))
      .optional(),
    city: z
      .string()
      .trim()
      .max(100)
      .refine(...visible('City'))
      .optional(),
    state: z
      .string()
      .trim()
      .max(100)
      .refine(...visible('State'))
      .optional(),
    pincode: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Invalid Pincode')
      .optional(),
    /** Needed only when the e-mail changes. */
    currentPassword: z.string().max(200, 'Password is too long').optional(),
  })
  .strip();

export const changePasswordBody = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
  newPassword: passwordRule,
});

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  role: z.enum(['customer', 'admin']),
  isAdmin: z.boolean(),
  created_at: z.string(),
  /** Whether the current address was verified through a link mailed to it. */
  emailVerified: z.boolean(),
});
export type UserDto = z.infer<typeof userSchema>;

/** `full_name` is the spec's field; `name` carries the same value for clients that read the storefront's user. */
const withToken = ok({ token: z.string(), user: userSchema });
export const signupResponses = created(withToken);
export const loginResponses = answers(withToken);
export const profileResponses = answers(ok({ user: userSchema }));
export const profileUpdateResponses = answers(ok({ user: userSchema, message: z.string() }));
/** The new token replaces the device's own: every earlier token of the account is refused from now on. */
export const changePasswordResponses = answers(ok({ message: z.string(), token: z.string() }));
