import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The 1,000 most used passwords, in the order of zxcvbn-ts's common list (ranked by how often each appeared in public
 * breach corpora): `123456`, `password`, `12345678`, … Compared case-insensitively, so `Password` is refused too.
 */
const MOST_COMMON = new Set(dictionary['passwords-common'].slice(0, 1000));

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another.';

export const isCommonPassword = (password: string): boolean => MOST_COMMON.has(password.normalize('NFKC').toLowerCase());
