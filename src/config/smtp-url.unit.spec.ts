import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.js';

const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32) };

describe('SMTP_URL and the mail settings', () => {
  it('accepts smtp:// and smtps:// URLs and leaves the embedded default (.eml files) when unset or empty', () => {
    expect(loadEnv({ ...base, SMTP_URL: 'smtps://user:pass@smtp.example.in:465' }).SMTP_URL).toBe('smtps://user:pass@smtp.example.in:465');
    expect(loadEnv({ ...base, SMTP_URL: 'smtp://127.0.0.1:2525' }).SMTP_URL).toBe('smtp://127.0.0.1:2525');
    expect(loadEnv({ ...base }).SMTP_URL).toBeUndefined();
    expect(loadEnv({ ...base, SMTP_URL: '' }).SMTP_URL).toBeUndefined();
  });

  it.each([
    ['smtp.example.in:587', /SMTP_URL/],
    ['http://smtp.example.in', /must start with smtp:\/\/ or smtps:\/\//],
    ['smtp://user:pass@:25', /SMTP_URL/],
    ['smtp://smtp.example.in:99999', /SMTP_URL/],
    ['smtp://:secret@smtp.example.in', /password without a user name/],
  ])('refuses to start with a malformed SMTP_URL (%s), saying what is wrong', (url, message) => {
    expect(() => loadEnv({ ...base, SMTP_URL: url })).toThrow(/Invalid environment: SMTP_URL: /);
    expect(() => loadEnv({ ...base, SMTP_URL: url })).toThrow(message);
  });

  it('MAIL_FROM is an address or Name <address>; MESSAGES_OFF is a list of kinds', () => {
    expect(loadEnv(base).MAIL_FROM).toBe('Anime Collectibles <orders@animecollectibles.in>');
    expect(loadEnv({ ...base, MAIL_FROM: 'shop@example.in' }).MAIL_FROM).toBe('shop@example.in');
    expect(() => loadEnv({ ...base, MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
    expect(loadEnv({ ...base, MESSAGES_OFF: ' order-shipped, order-delivered ' }).MESSAGES_OFF).toEqual(['order-shipped', 'order-delivered']);
  });
});
