export interface PasswordChangeForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The browser's checks before PUT /auth/change-password: the spec's signup rule and messages (confirm is checked here only). */
export function validatePasswordChange(form: PasswordChangeForm): string | null {
  if (!form.currentPassword || !form.newPassword || !form.confirmPassword) return 'Please fill in all fields';
  if (form.newPassword.length < 6) return 'Password must be at least 6 characters long';
  if (form.newPassword !== form.confirmPassword) return 'Passwords do not match';
  return null;
}
