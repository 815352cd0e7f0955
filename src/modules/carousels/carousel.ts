import { CarouselEvent, CarouselSettings, SlideFields } from './events.js';

export * from './events.js';

export const carouselStream = (carouselId: string) => `carousel-${carouselId}`;

export type CarouselState =
  { status: 'none' } | { status: 'created'; carouselId: string; settings: CarouselSettings; slides: ({ id: string } & SlideFields)[] };

export const initialCarouselState = (): CarouselState => ({ status: 'none' });

const pickSettings = (d: CarouselSettings): CarouselSettings => ({
  name: d.name,
  title: d.title,
  autoPlay: d.autoPlay,
  interval: d.interval,
  height: d.height,
  isActive: d.isActive,
});
export const pickSlide = (d: SlideFields): SlideFields => ({
  image: d.image,
  title: d.title,
  subtitle: d.subtitle,
  ctaText: d.ctaText,
  ctaLink: d.ctaLink,
  overlay: d.overlay,
  order: d.order,
});

export function evolveCarousel(state: CarouselState, event: CarouselEvent): CarouselState {
  switch (event.type) {
    case 'CarouselCreated':
      return { status: 'created', carouselId: event.data.carouselId, settings: pickSettings(event.data), slides: [] };
    case 'CarouselUpdated':
      return state.status === 'created' ? { ...state, settings: pickSettings(event.data) } : state;
    case 'SlideAdded':
      return state.status === 'created' ? { ...state, slides: [...state.slides, { id: event.data.slideId, ...pickSlide(event.data) }] } : state;
    case 'SlideUpdated':
      return state.status === 'created'
        ? { ...state, slides: state.slides.map((s) => (s.id === event.data.slideId ? { id: s.id, ...pickSlide(event.data) } : s)) }
        : state;
    case 'SlideRemoved':
      return state.status === 'created' ? { ...state, slides: state.slides.filter((s) => s.id !== event.data.slideId) } : state;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
