import { useState } from 'react';
import { Badge } from '@kit/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useToast } from '@kit/ui/toast';
import { formatDate } from '@kit/format';
import { FallbackImage } from '../../../components/ui/fallback-image';
import type { Carousel } from '../api/carousel';
import { useDeleteSlide } from '../api/delete-slide';
import { useCarousels } from '../api/get-carousels';
import { CarouselFormDialog } from './carousel-form-dialog';
import { SlideFormDialog, type SlideTarget } from './slide-form-dialog';

export function CarouselsTab() {
  const { toast } = useToast();
  const { data: carousels = [], isLoading, error } = useCarousels();
  const deleteSlide = useDeleteSlide();
  const [editing, setEditing] = useState<Carousel | 'new' | null>(null);
  const [slideTarget, setSlideTarget] = useState<SlideTarget>(null);

  const removeSlide = (carouselId: string, slideId: string) => {
    if (!window.confirm('Are you sure you want to delete this slide?')) return;
    deleteSlide.mutate(
      { carouselId, slideId },
      {
        onSuccess: () => toast({ title: 'Slide Deleted', description: 'Slide has been removed successfully.', variant: 'success' }),
        onError: () => toast({ title: 'Error', description: 'Failed to delete slide. Please try again.', variant: 'destructive' }),
      },
    );
  };

  return (
    <div className="stack">
      <Card
        title="Carousel Management"
        caption="Banners shoppers see on the home page and the category pages"
        actions={
          <Button variant="primary" onClick={() => setEditing('new')}>
            Add Carousel
          </Button>
        }
      >
        {error && <p className="error-text">{(error as Error).message}</p>}
        {isLoading && <p className="muted">Loading carousels…</p>}
        {!isLoading && !error && carousels.length === 0 && (
          <div className="empty-block">
            <p className="empty">No carousels found</p>
            <Button variant="primary" onClick={() => setEditing('new')}>
              Create First Carousel
            </Button>
          </div>
        )}
      </Card>
      {carousels.map((carousel) => (
        <section key={carousel.id} className="card carousel-card" data-testid={`carousel-${carousel.name}`}>
          <header className="card-head">
            <div>
              <h3 className="card-title">{carousel.title}</h3>
              <p className="card-caption">
                <span className="mono">{carousel.name}</span> · {carousel.slides.length} slides
              </p>
            </div>
            <div className="card-actions">
              <Badge variant={carousel.isActive ? 'success' : 'secondary'}>{carousel.isActive ? 'Active' : 'Inactive'}</Badge>
              <Button onClick={() => setEditing(carousel)}>Edit</Button>
              <Button variant="primary" onClick={() => setSlideTarget({ carousel, slide: null })}>
                Add Slide
              </Button>
            </div>
          </header>
          <div className="slide-grid">
            {carousel.slides.map((slide) => (
              <div key={slide.id} className="slide-tile" data-testid="slide-tile">
                <div className="slide-image">
                  {slide.image ? (
                    <FallbackImage
                      src={slide.image}
                      alt={slide.title || 'Slide'}
                      fallback={<div className="thumb-placeholder" data-testid="slide-placeholder" />}
                    />
                  ) : (
                    <div className="thumb-placeholder" />
                  )}
                  <span className="slide-order">#{slide.order}</span>
                </div>
                <div className="slide-text">
                  {slide.title || slide.subtitle ? (
                    <>
                      <strong>{slide.title}</strong>
                      <span className="muted">{slide.subtitle}</span>
                    </>
                  ) : (
                    <span className="muted">Image only banner</span>
                  )}
                </div>
                <div className="row-actions">
                  <Button size="sm" variant="ghost" onClick={() => setSlideTarget({ carousel, slide })} aria-label={`Edit slide ${slide.order}`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => removeSlide(carousel.id, slide.id)} aria-label={`Delete slide ${slide.order}`}>
                    Delete
                  </Button>
                </div>
              </div>
            ))}
          </div>
          <footer className="card-foot muted">
            <span>Auto-play: {carousel.autoPlay ? 'Yes' : 'No'}</span>
            <span>Interval: {carousel.interval}ms</span>
            <span>Height: {carousel.height.replace('h-[', '').replace(']', '')}</span>
            <span>Updated: {formatDate(carousel.updated_at)}</span>
          </footer>
        </section>
      ))}
      <CarouselFormDialog carousel={editing} onClose={() => setEditing(null)} />
      <SlideFormDialog target={slideTarget} onClose={() => setSlideTarget(null)} />
    </div>
  );
}
