import { describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY } from './security-headers.js';

/**
 * Permissions-Policy features Chromium knows (its permissions_policy_features.json5) among those a shop could want
 * to turn off. A feature outside this list is logged by Chromium as "Unrecognized feature" on every page load, which
 * also costs the Lighthouse best-practices score.
 */
const CHROMIUM_FEATURES = new Set([
  'accelerometer',
  'ambient-light-sensor',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'web-share',
  'xr-spatial-tracking',
]);

describe('Permissions-Policy', () => {
  const features = PERMISSIONS_POLICY.split(',').map((item) => item.trim().split('=')[0]!);

  it('names only features Chromium recognises (no console warning on any page)', () => {
    expect(features.filter((f) => !CHROMIUM_FEATURES.has(f))).toEqual([]);
    expect(features).not.toContain('bluetooth');
  });

  it('still turns off what the shop never uses, each once', () => {
    for (const feature of ['camera', 'microphone', 'geolocation', 'usb', 'serial', 'hid', 'midi']) expect(PERMISSIONS_POLICY).toContain(`${feature}=()`);
    expect(new Set(features).size).toBe(features.length);
  });
});
