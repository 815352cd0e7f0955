import { describe, expect, it } from 'vitest';
import { validateReset } from './reset-password';

describe('validateReset', () => {
  it.each([
    [{ password: '', confirmPassword: '' }, 'Please fill in all fields'],
    [{ password: '12345', confirmPassword: '12345' }, 'Password must be at least 6 characters long'],
    [{ password: 'figure-shelf-9', confirmPassword: 'figure-shelf-8' }, 'Passwords do not match'],
    [{ password: 'figure-shelf-9', confirmPassword: 'figure-shelf-9' }, null],
  ])('%j → %s', (form, message) => expect(validateReset(form)).toBe(message));
});
