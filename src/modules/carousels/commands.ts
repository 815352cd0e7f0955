import { randomUUID } from 'node:crypto';
import { handleCommand, loadState, type CommandContext } from '../../core/command-handler.js';
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors.js';
import type { EventStore } from '../../core/event-store.js';
import { normaliseImageUrl } from '../media/index.js';
import { carouselStream, evolveCarousel, initialCarouselState, type CarouselSettings } from './carousel.js';
import { decideCarousel, type CarouselCommand, type SlideInput } from './decide.js';

const decider = { initialState: initialCarouselState, evolve: evolveCarousel, decide: decideCarousel };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const nowOf = (context: CommandContext) => (context.now ?? new Date()).toISOString();

export async function loadCarousel(store: EventStore, carouselId: string) {
  if (!UUID.test(carouselId)) throw new NotFoundError('Carousel not found');
  const { state } = await loadState(store, carouselStream(carouselId), decider);
  if (state.status !== 'created') throw new NotFoundError('Carousel not found');
  return state;
}

const run = (store: EventStore, carouselId: string, command: CarouselCommand, context: CommandContext) =>
  handleCommand(store, carouselStream(carouselId), decider, command, context);

/** Names are unique (the shop reads carousels by name); `nameTaken` asks the read model. */
export async function createCarousel(store: EventStore, settings: CarouselSettings, nameTaken: (name: string) => Promise<boolean>, context: CommandContext) {
  if (await nameTaken(settings.name)) throw new ConflictError(`A carousel named ${settings.name} already exists`);
  const carouselId = randomUUID();
  const { result } = await run(store, carouselId, { type: 'CreateCarousel', data: { carouselId, settings, now: nowOf(context) } }, context);
  return { carouselId, position: result?.position ?? null };
}

export async function updateCarousel(
  store: EventStore,
  carouselId: string,
  changes: Partial<CarouselSettings>,
  nameTaken: (name: string, exceptId: string) => Promise<boolean>,
  context: CommandContext,
) {
  const state = await loadCarousel(store, carouselId);
  const settings = { ...state.settings, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) } as CarouselSettings;
  if (settings.name !== state.settings.name && (await nameTaken(settings.name, carouselId)))
    throw new ConflictError(`A carousel named ${settings.name} already exists`);
  const { result } = await run(store, carouselId, { type: 'UpdateCarousel', data: { settings, now: nowOf(context) } }, context);
  return { position: result?.position ?? null };
}

function checkedImage(image: string): string {
  const url = normaliseImageUrl(image);
  if (!url) throw new ValidationError('Please provide a valid image URL for the slide.');
  return url;
}

export async function addSlide(store: EventStore, carouselId: string, slide: SlideInput, context: CommandContext) {
  await loadCarousel(store, carouselId);
  const slideId = randomUUID();
  const { result } = await run(
    store,
    carouselId,
    { type: 'AddSlide', data: { slideId, slide: { ...slide, image: checkedImage(slide.image) }, now: nowOf(context) } },
    context,
  );
  return { slideId, position: result?.position ?? null };
}

export async function updateSlide(store: EventStore, carouselId: string, slideId: string, changes: Partial<SlideInput>, context: CommandContext) {
  const state = await loadCarousel(store, carouselId);
  const existing = state.slides.find((s) => s.id === slideId);
  if (!existing) throw new NotFoundError('Slide not found');
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<SlideInput>;
  const slide: SlideInput = { ...existing, ...defined, image: defined.image !== undefined ? checkedImage(defined.image) : existing.image };
  if (!('order' in defined)) delete slide.order;
  const { result } = await run(store, carouselId, { type: 'UpdateSlide', data: { slideId, slide, now: nowOf(context) } }, context);
  return { position: result?.position ?? null };
}

export async function removeSlide(store: EventStore, carouselId: string, slideId: string, context: CommandContext) {
  await loadCarousel(store, carouselId);
  const { result } = await run(store, carouselId, { type: 'RemoveSlide', data: { slideId, now: nowOf(context) } }, context);
  return { position: result?.position ?? null };
}
