import { useEffect, useState } from 'react';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { Dialog } from '../../../components/ui/dialog';
import { useToast } from '@kit/ui/toast';
import type { Carousel, Slide, SlideInput } from '../api/carousel';
import { FallbackImage } from '../../../components/ui/fallback-image';
import { useSaveSlide } from '../api/save-slide';
import { uploadSingleImage } from '../../../lib/upload-images';

export type SlideTarget = { carousel: Carousel; slide: Slide | null } | null;

/** Order is an integer, minimum 1; anything else falls back to 1. */
export const slideOrder = (value: string) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

export function SlideFormDialog({ target, onClose }: { target: SlideTarget; onClose: () => void }) {
  const { toast } = useToast();
  const save = useSaveSlide();
  const [values, setValues] = useState<Omit<SlideInput, 'order'> & { order: string }>({
    image: '',
    title: '',
    subtitle: '',
    ctaText: '',
    ctaLink: '',
    overlay: true,
    order: '1',
  });
  const [uploading, setUploading] = useState(false);
  useEffect(() => {
    if (!target) return;
    const s = target.slide;
    setValues(
      s
        ? { image: s.image, title: s.title, subtitle: s.subtitle, ctaText: s.ctaText, ctaLink: s.ctaLink, overlay: s.overlay, order: String(s.order) }
        : { image: '', title: '', subtitle: '', ctaText: '', ctaLink: '', overlay: true, order: String(target.carousel.slides.length + 1) },
    );
  }, [target]);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const url = await uploadSingleImage(file);
      setValues((v) => ({ ...v, image: url }));
    } catch {
      toast({ title: 'Upload failed', description: 'Failed to upload image. Please try again.', variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!target) return;
    if (!values.image.trim()) return toast({ title: 'Missing Information', description: 'Please provide an image for the slide.', variant: 'destructive' });
    const editing = target.slide !== null;
    save.mutate(
      { carouselId: target.carousel.id, slideId: target.slide?.id, slide: { ...values, image: values.image.trim(), order: slideOrder(values.order) } },
      {
        onSuccess: (r) => {
          toast({ title: editing ? 'Slide Updated' : 'Slide Added', description: r.message, variant: 'success' });
          onClose();
        },
        onError: (err) => {
          const m = (err as Error).message;
          const fallback = editing ? 'Failed to update slide. Please try again.' : 'Failed to add slide. Please try again.';
          toast({ title: 'Error', description: m && !m.startsWith('HTTP error') ? m : fallback, variant: 'destructive' });
        },
      },
    );
  };

  const set = (field: 'image' | 'title' | 'subtitle' | 'ctaText' | 'ctaLink' | 'order') => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const title = target ? (target.slide ? `Edit Slide in ${target.carousel.title}` : `Add New Slide to ${target.carousel.title}`) : '';

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()} title={title} wide>
      <form className="form" onSubmit={submit} noValidate aria-label="Slide form">
        <fieldset className="fieldset">
          <legend>Slide Image *</legend>
          <div className="form-grid">
            <label>
              Upload image
              <input type="file" accept="image/*" disabled={uploading} onChange={(e) => void upload(e.target.files?.[0])} />
            </label>
            <label>
              Or image URL
              <input name="image" value={values.image} onChange={set('image')} placeholder="https://… or /media/…" />
            </label>
          </div>
          {values.image.trim() && (
            <FallbackImage
              className="slide-preview"
              src={values.image.trim()}
              alt="Slide preview"
              loading="eager"
              fallback={<p className="muted">No preview: the image could not be loaded.</p>}
            />
          )}
        </fieldset>
        <div className="form-grid">
          <label>
            Title
            <input name="title" value={values.title} onChange={set('title')} />
          </label>
          <label>
            Subtitle
            <input name="subtitle" value={values.subtitle} onChange={set('subtitle')} />
          </label>
          <label>
            Call-to-Action Text
            <input name="ctaText" value={values.ctaText} onChange={set('ctaText')} placeholder="Shop Now" />
          </label>
          <label>
            Call-to-Action Link
            <input name="ctaLink" value={values.ctaLink} onChange={set('ctaLink')} placeholder="/anime-figures" />
          </label>
          <label>
            Order
            <input name="order" type="number" min={1} step={1} value={values.order} onChange={set('order')} />
          </label>
          <label>
            Dark Overlay
            <select name="overlay" value={values.overlay ? 'yes' : 'no'} onChange={(e) => setValues((v) => ({ ...v, overlay: e.target.value === 'yes' }))}>
              <option value="yes">Yes</option>
              <option value="no">No</option>
            </select>
          </label>
        </div>
        <FormDialogFooter onCancel={onClose} busy={save.isPending || uploading} submitLabel={target?.slide ? 'Update Slide' : 'Add Slide'} />
      </form>
    </Dialog>
  );
}
