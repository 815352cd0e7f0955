import type { RefusedImage } from './image-screening';

/** The files an upload did not take, each with its reason. */
export function RefusedImages({ refused }: { refused: RefusedImage[] }) {
  if (refused.length === 0) return null;
  return (
    <div className="refused-images" data-testid="refused-images" role="status">
      <p className="error-text">{refused.length === 1 ? '1 file was not uploaded:' : `${refused.length} files were not uploaded:`}</p>
      <ul>
        {refused.map((r, i) => (
          <li key={`${r.name}-${i}`}>
            {r.name}: {r.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
