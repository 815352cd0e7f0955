/**
 * What is wrong with an SMTP_URL (null: nothing). nodemailer takes `smtp://` (STARTTLS when offered) or `smtps://`
 * (TLS from the start), a host, an optional port and optional user:password; anything else would only fail at the
 * first message, long after the start, so it refuses the start instead.
 */
export function smtpUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'SMTP_URL is not a URL: expected smtp[s]://user:password@host:port';
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return `SMTP_URL must start with smtp:// or smtps:// (got ${url.protocol}//)`;
  if (!url.hostname) return 'SMTP_URL has no host: expected smtp[s]://user:password@host:port';
  if (url.port !== '' && !(Number(url.port) >= 1 && Number(url.port) <= 65535)) return 'SMTP_URL has an invalid port';
  if (url.password && !url.username) return 'SMTP_URL has a password without a user name';
  return null;
}
