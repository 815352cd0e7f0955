/**
 * The count above a result grid: "Showing X of Y results" (spec), "of about Y" when the server's total is an estimate
 * (a broad search stops reading once its page is certain, `totalApproximate`).
 */
export function resultCountText(shown: number, total: number, approximate = false): string {
  return `Showing ${shown} of ${approximate ? 'about ' : ''}${total} results`;
}

export function ResultCount({ shown, total, approximate = false }: { shown: number; total: number; approximate?: boolean | undefined }) {
  // The heading between the page's h1 and the cards' h3 names (heading order for assistive tech).
  return (
    <h2 className="result-count" aria-live="polite">
      {resultCountText(shown, total, approximate)}
    </h2>
  );
}
