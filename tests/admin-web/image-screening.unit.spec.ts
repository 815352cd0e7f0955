import { describe, expect, it } from 'vitest';
import { screenImages, serverRefusals } from '../../admin-web/src/features/products/components/image-screening.js';

const file = (name: string, type = 'image/png', size = 1000) => ({ name, type, size });

describe('uploads say what they refused', () => {
  it('lists every file not sent: not an image, over 10MB, past the file limit', () => {
    const files = [file('a.png'), file('notes.txt', 'text/plain'), file('huge.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1), file('b.webp', 'image/webp'), file('c.png')];
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
