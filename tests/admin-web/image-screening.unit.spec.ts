import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, screenImages, serverRefusals, UPLOAD_LIMITS } from '../../admin-web/src/features/products/components/image-screening.js';

const file = (name: string, type = 'image/png', size = 1000) => ({ name, type, size });

describe('uploads say what they refused', () => {
  it('lists every file not sent: not an image, over 10MB, past the file limit', () => {
    const files = [
      file('a.png'),
      file('notes.txt', 'text/plain'),
      file('huge.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1),
      file('b.webp', 'image/webp'),
      file('c.png'),
    ];
    const { accepted, refused } = screenImages(files, 2);
    expect(accepted.map((f) => f.name)).toEqual(['a.png', 'b.webp']);
    expect(refused).toEqual([
      { name: 'notes.txt', reason: 'not an image' },
      { name: 'huge.jpg', reason: 'over 10MB' },
      { name: 'c.png', reason: 'over the 2-file limit' },
    ]);
    expect(screenImages([file('exactly.png', 'image/png', 10 * 1024 * 1024)], 50).accepted).toHaveLength(1);
  });

  it("adds the server's own refusals by name", () => {
    expect(serverRefusals(['fake.png'])).toEqual([{ name: 'fake.png', reason: 'not a readable image (refused by the server)' }]);
    expect(serverRefusals(undefined)).toEqual([]);
  });
});

describe('upload limits exactly at the spec values (single 1, multi 5, bulk 50, 10MB each)', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => file(`${i}.png`));

  it('the limits are the spec values', () => {
    expect(UPLOAD_LIMITS).toEqual({ single: 1, multiple: 5, bulk: 50 });
    expect(MAX_IMAGE_BYTES).toBe(10 * 1024 * 1024);
  });

  it.each([
    ['single', UPLOAD_LIMITS.single],
    ['multiple', UPLOAD_LIMITS.multiple],
    ['bulk', UPLOAD_LIMITS.bulk],
  ])('%s: all %i files are sent; one more and the last is refused', (_kind, limit) => {
    expect(screenImages(many(limit), limit)).toEqual({ accepted: many(limit), refused: [] });
    const over = screenImages(many(limit + 1), limit);
    expect(over.accepted).toHaveLength(limit);
    expect(over.refused).toEqual([{ name: `${limit}.png`, reason: `over the ${limit}-file limit` }]);
  });

  it('10MB exactly is sent, one byte more is refused', () => {
    const { accepted, refused } = screenImages(
      [file('at.png', 'image/png', MAX_IMAGE_BYTES), file('over.png', 'image/png', MAX_IMAGE_BYTES + 1)],
      UPLOAD_LIMITS.bulk,
    );
    expect(accepted.map((f) => f.name)).toEqual(['at.png']);
    expect(refused).toEqual([{ name: 'over.png', reason: 'over 10MB' }]);
  });
});
