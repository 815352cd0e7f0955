import { useState, type FormEvent } from 'react';
import { reviewInputError } from '../../../components/ui/star-rating';
import { StarInput, Stars } from '../../../components/ui/stars';
import { useToast } from '@kit/ui/toast';
import { useCreateOrderReview } from '../api/create-order-review';
import type { OrderReview } from '../types';

export function OrderItemReview({ orderId, productId, existing }: { orderId: string; productId: string; existing?: OrderReview }) {
  const { toast } = useToast();
  const create = useCreateOrderReview();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [submitted, setSubmitted] = useState<OrderReview | undefined>(existing);

  if (submitted) {
    return (
      <div className="order-review is-done">
        <span className="chip chip--new">Review submitted</span> <Stars value={submitted.rating} />
        <p className="muted small">{submitted.comment}</p>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = reviewInputError(rating, comment);
    if (invalid) {
      toast({ ...invalid, variant: 'destructive' });
      return;
    }
    create.mutate(
      { orderId, productId, rating, comment: comment.trim() },
      {
        onSuccess: () => {
          setSubmitted({ productId, rating, comment: comment.trim() });
          toast({ title: 'Review submitted', description: 'Thank you for your review!', variant: 'success' });
        },
        onError: (error) => toast({ title: 'Failed to submit review', description: error.message, variant: 'destructive' }),
      },
    );
  };
  return (
    <form className="order-review" onSubmit={submit}>
      <StarInput value={rating} onChange={setRating} disabled={create.isPending} />
      <label className="field">
        <span className="visually-hidden">Your review</span>
        <textarea rows={2} placeholder="How was it?" value={comment} onChange={(e) => setComment(e.target.value)} disabled={create.isPending} />
      </label>
      <button type="submit" className="button button--primary button--small" disabled={rating === 0 || !comment.trim() || create.isPending}>
        {create.isPending ? 'Submitting…' : 'Submit Review'}
      </button>
    </form>
  );
}
