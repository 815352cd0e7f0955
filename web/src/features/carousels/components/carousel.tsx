import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LazyImage } from '../../../components/ui/lazy-image';
import { IMAGE_SIZES } from '../../../lib/responsive-images';
import { fallbackCarousel } from '../api/get-carousel';
import { slideContent } from '../slide-content';
import type { CarouselName, CarouselSettings } from '../types';
import { slideTarget } from '../slide-link';

interface CarouselProps {
  name: CarouselName;
  settings: CarouselSettings | undefined;
  children?: React.ReactNode;
  /** The labels of `children`'s actions: a slide's call-to-action with the same text is not shown beside them. */
  actions?: readonly string[];
}

export function Carousel({ name, settings, children, actions = [] }: CarouselProps) {
  const carousel = settings ?? fallbackCarousel(name);
  const { slides, interval, autoPlay, height } = carousel;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (index >= slides.length) setIndex(0);
  }, [slides.length, index]);

  useEffect(() => {
    // Slides still change on demand, but never by themselves for someone who asked for reduced motion.
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (!autoPlay || paused || reduced || slides.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % slides.length), interval);
    return () => clearInterval(timer);
  }, [autoPlay, paused, interval, slides.length]);

  const go = (next: number) => setIndex((next + slides.length) % slides.length);

  return (
    <section
      className={`carousel carousel--${name}`}
      style={{ height }}
      aria-roledescription="carousel"
      aria-label={name === 'hero' ? 'Featured banners' : 'Category banners'}
      data-source={carousel.fromServer ? 'server' : 'fallback'}
      data-slides={slides.length}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="carousel__track" style={{ transform: `translateX(-${index * 100}%)` }}>
        {slides.map((slide, i) => {
          const { showText, cta } = slideContent(slide, actions);
          // Only a path on this store or an https link the admin gave (slides saved before the server's rule included).
          const target = cta ? slideTarget(cta.link) : null;
          return (
            <div
              key={slide.id}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              aria-hidden={i !== index}
              style={slide.background ? { background: slide.background } : undefined}
            >
              {slide.image && (
                <LazyImage src={slide.image} alt={slide.title ?? ''} priority={i === 0} untilVisible sizes={IMAGE_SIZES.slide} className="carousel__image" />
              )}
              {slide.overlay && <div className={showText ? 'carousel__overlay' : 'carousel__overlay carousel__overlay--light'} />}
              {(showText || (cta && target)) && (
                <div className="carousel__content">
                  {showText && slide.title && <h2 className="carousel__title">{slide.title}</h2>}
                  {showText && slide.subtitle && <p className="carousel__subtitle">{slide.subtitle}</p>}
                  {cta &&
                    target &&
                    (target.kind === 'internal' ? (
                      <Link className="button button--light" to={target.to} tabIndex={i === index ? 0 : -1}>
                        {cta.text}
                      </Link>
                    ) : (
                      <a className="button button--light" href={target.href} rel="noopener noreferrer" tabIndex={i === index ? 0 : -1}>
                        {cta.text}
                      </a>
                    ))}
                </div>
              )}
            </div>
          );
        })}
      </div>
      {children && <div className="carousel__actions">{children}</div>}
      {slides.length > 1 && (
        <>
          <button type="button" className="carousel__arrow carousel__arrow--prev" aria-label="Previous slide" onClick={() => go(index - 1)}>
            ‹
          </button>
          <button type="button" className="carousel__arrow carousel__arrow--next" aria-label="Next slide" onClick={() => go(index + 1)}>
            ›
          </button>
          <div className="carousel__dots">
            {slides.map((s, i) => (
              <button
                key={s.id}
                type="button"
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === index}
                className={i === index ? 'dot dot--on' : 'dot'}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
