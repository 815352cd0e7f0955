import { useState, type FormEvent } from 'react';
import { reviewInputError } from '../../../components/ui/star-rating';
import { StarInput, Stars } from '../../../components/ui/stars';
import { useToast } from '@kit/ui/toast';
import { formatDate } from '@kit/format';
import { useAuth } from '../../../lib/auth/auth-provider';
import { useCreateProductReview } from '../api/create-product-review';
import type { Review } from '../api/get-product-reviews';

export function averageOf(reviews: Pick<Review, 'rating'>[]): number {
  return reviews.length ? reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length : 0;
}

export function ProductReviews({ productId, reviews, fallbackRating }: { productId: string; reviews: Review[]; fallbackRating: number }) {
  const { user } = useAuth();
  const { toast } = useToast();
  const create = useCreateProductReview();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  /** The server's reason for a refusal (e.g. no delivered order), shown next to the form. */
  const [reason, setReason] = useState('');
  const average = reviews.length ? averageOf(reviews) : fallbackRating;
  const alreadyReviewed = !!user && reviews.some((r) => r.mine);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      toast({ title: 'Please sign in', description: 'Sign in to review this product.', variant: 'destructive' });
      return;
    }
    const invalid = reviewInputError(rating, comment);
    if (invalid) {
      toast({ ...invalid, variant: 'destructive' });
      return;
    }
    create.mutate(
      { productId, rating, comment: comment.trim() },
      {
        onSuccess: () => {
          setReason('');
          setRating(0);
          setComment('');
          toast({ title: 'Review submitted', description: 'Thank you for your review!', variant: 'success' });
        },
        onError: (error) => {
          toast({ title: 'Error', description: 'Failed to submit review. Please try again.', variant: 'destructive' });
          setReason(error.message.startsWith('HTTP error!') ? '' : error.message);
        },
      },
    );
  };

  return (
    <section className="section reviews" aria-labelledby="reviews-title">
      <div className="section__head">
        <h2 id="reviews-title">Customer Reviews</h2>
      </div>
      <div className="reviews__summary">
        <span className="reviews__average" data-testid="average-rating">
          {average.toFixed(1)}
        </span>
        <Stars value={average} size="md" />
        <span className="muted">
          {reviews.length} {reviews.length === 1 ? 'review' : 'reviews'}
        </span>
      </div>
      {alreadyReviewed ? (
        <p className="muted">You have reviewed this product.</p>
      ) : (
        <form className="review-form card" onSubmit={submit}>
          <h3>Write a review</h3>
          {reason && (
            <p className="form-error" role="alert">
              {reason}
            </p>
          )}
          <StarInput value={rating} onChange={setRating} disabled={create.isPending} />
          <label className="field">
            <span className="field__label">Your review</span>
            <textarea value={comment} onChange={(e) => setComment(e.target.value)} rows={3} maxLength={2000} disabled={create.isPending} />
          </label>
          <button type="submit" className="button button--primary" disabled={rating === 0 || !comment.trim() || create.isPending}>
            {create.isPending ? 'Submitting…' : 'Submit Review'}
          </button>
        </form>
      )}
      <ul className="reviews__list">
        {reviews.map((r) => (
          <li key={r.id} className="review">
            <div className="review__head">
              <strong>{r.userName}</strong>
              <Stars value={r.rating} />
              <span className="muted">{formatDate(r.createdAt)}</span>
            </div>
            <p>{r.comment}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
