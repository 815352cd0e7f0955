import { useState } from 'react';
import { LazyImage } from '../../../components/ui/lazy-image';
import { IMAGE_SIZES } from '../../../lib/responsive-images';

export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const list = images.length > 0 ? images : [''];
  const [active, setActive] = useState(0);
  return (
    <div className="gallery">
      <div className="gallery__main">
        <LazyImage key={list[active]} src={list[active]} alt={name} priority width={800} height={800} sizes={IMAGE_SIZES.productMain} />
      </div>
      {list.length > 1 && (
        <div className="gallery__thumbs" role="tablist" aria-label="Product images">
          {list.map((src, i) => (
            <button
              key={src + i}
              type="button"
              role="tab"
              aria-selected={i === active}
              aria-label={`Image ${i + 1}`}
              className={i === active ? 'thumb is-active' : 'thumb'}
              onClick={() => setActive(i)}
            >
              <LazyImage src={src} alt="" width={80} height={80} sizes="80px" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
