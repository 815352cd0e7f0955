import { useEffect, useState } from 'react';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { Dialog } from '../../../components/ui/dialog';
import { useToast } from '@kit/ui/toast';
import { HEIGHTS, type Carousel, type CarouselInput } from '../api/carousel';
import { useSaveCarousel } from '../api/save-carousel';

const defaults: CarouselInput = { name: '', title: '', autoPlay: true, interval: 5000, height: 'h-[500px]', isActive: true };

export function CarouselFormDialog({ carousel, onClose }: { carousel: Carousel | 'new' | null; onClose: () => void }) {
  const { toast } = useToast();
  const save = useSaveCarousel();
  const editing = carousel !== null && carousel !== 'new' ? carousel : null;
  const [values, setValues] = useState<CarouselInput>(defaults);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setValues(
      editing
        ? {
            name: editing.name,
            title: editing.title,
            autoPlay: editing.autoPlay,
            interval: editing.interval,
            height: editing.height,
            isActive: editing.isActive,
          }
        : defaults,
    );
    setError(null);
  }, [carousel]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!values.name.trim() || !values.title.trim()) return setError('Name and title are required.');
    if (!Number.isFinite(values.interval) || values.interval < 1000) return setError('Interval must be at least 1000 ms.');
    setError(null);
    const failure = editing ? 'Failed to update carousel. Please try again.' : 'Failed to create carousel. Please try again.';
    save.mutate(
      { id: editing?.id, carousel: { ...values, name: values.name.trim(), title: values.title.trim() } },
      {
        onSuccess: (r) => {
          toast({ title: editing ? 'Carousel Updated' : 'Carousel Created', description: r.message, variant: 'success' });
          onClose();
        },
        onError: (err) =>
          toast({
            title: 'Error',
            description: (err as Error).message && !(err as Error).message.startsWith('HTTP error') ? (err as Error).message : failure,
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Dialog open={carousel !== null} onOpenChange={(open) => !open && onClose()} title={editing ? 'Edit Carousel' : 'Add New Carousel'}>
      <form className="form" onSubmit={submit} noValidate aria-label="Carousel form">
        <label>
          Name *
          <input
            name="name"
            required
            value={values.name}
            placeholder="e.g. hero, promo, anime-figures"
            onChange={(e) => setValues({ ...values, name: e.target.value })}
          />
        </label>
        <label>
          Title *
          <input name="title" required value={values.title} onChange={(e) => setValues({ ...values, title: e.target.value })} />
        </label>
        <div className="form-grid">
          <label>
            Auto-play
            <select name="autoPlay" value={values.autoPlay ? 'yes' : 'no'} onChange={(e) => setValues({ ...values, autoPlay: e.target.value === 'yes' })}>
              <option value="yes">Yes</option>
              <option value="no">No</option>
            </select>
          </label>
          <label>
            Interval (ms)
            <input
              name="interval"
              type="number"
              min={1000}
              step={500}
              value={values.interval}
              onChange={(e) => setValues({ ...values, interval: Number(e.target.value) })}
            />
          </label>
          <label>
            Height
            <select name="height" value={values.height} onChange={(e) => setValues({ ...values, height: e.target.value })}>
              {HEIGHTS.map((h) => (
                <option key={h} value={h}>
                  {h.replace('h-[', '').replace(']', '')}
                </option>
              ))}
            </select>
          </label>
          <label>
            Status
            <select
              name="isActive"
              value={values.isActive ? 'active' : 'inactive'}
              onChange={(e) => setValues({ ...values, isActive: e.target.value === 'active' })}
            >
              <option value="active">Active</option>
              <option value="inactive">Inactive</option>
            </select>
          </label>
        </div>
        <FormDialogFooter error={error} onCancel={onClose} busy={save.isPending} submitLabel={editing ? 'Update Carousel' : 'Create Carousel'} />
      </form>
    </Dialog>
  );
}
