import { describe, expect, it } from 'vitest';
import { validatePasswordChange } from './password-rules';

describe('change password form', () => {
  it('needs all three fields, the spec password rule, and a matching confirmation', () => {
    expect(validatePasswordChange({ currentPassword: '', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toBe('Please fill in all fields');
    expect(validatePasswordChange({ currentPassword: 'old', newPassword: 'abc', confirmPassword: 'abc' })).toBe('Password must be at least 6 characters long');
    expect(validatePasswordChange({ currentPassword: 'old', newPassword: 'abcdef', confirmPassword: 'abcdeg' })).toBe('Passwords do not match');
    expect(validatePasswordChange({ currentPassword: 'old', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
  });
});
