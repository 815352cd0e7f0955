import { z } from 'zod';
import { handleCommand, type CommandContext } from '../../core/command-handler.js';
import { ValidationError } from '../../core/errors.js';
import { registerEvents } from '../../core/event-registry.js';
import type { EventStore } from '../../core/event-store.js';
import { hsnProblem, rateProblem, type CategoryTax, type GstSettings } from './settings.js';

/** The admin's per-category GST defaults: one stream of changes over the environment's defaults. */
export const CATEGORY_DEFAULTS_STREAM = 'gst-category-defaults';

export const categoryDefaultEvents = {
  GstCategoryDefaultSet: z.object({
    category: z.string().min(1),
    hsn: z.string().regex(/^(\d{4}|\d{6}|\d{8})$/),
    rate: z.number().min(0).max(100),
    by: z.string(),
    at: z.string().datetime(),
  }),
} as const;
registerEvents(categoryDefaultEvents);

type Event = { type: 'GstCategoryDefaultSet'; data: z.infer<typeof categoryDefaultEvents.GstCategoryDefaultSet> };
type State = Record<string, CategoryTax>;
type Command = {
  type: 'SetCategoryDefault';
  data: { category: string; hsn: string; rate: number; categories: readonly string[]; slabs: number[]; by: string; at: string };
};

const evolve = (state: State, event: Event): State => ({ ...state, [event.data.category]: { hsn: event.data.hsn, rate: event.data.rate } });

function decide(command: Command, state: State): Event[] {
  const d = command.data;
  if (!d.categories.includes(d.category)) throw new ValidationError(`Category must be one of ${d.categories.join(', ')}`);
  const problem = hsnProblem(d.hsn) ?? rateProblem(d.rate, d.slabs);
  if (problem) throw new ValidationError(problem);
  if (state[d.category]?.hsn === d.hsn && state[d.category]?.rate === d.rate) return [];
  return [{ type: 'GstCategoryDefaultSet', data: { category: d.category, hsn: d.hsn, rate: d.rate, by: d.by, at: d.at } }];
}

/** The defaults in force: the environment's, overridden by what the admin set. */
export async function categoryDefaults(store: EventStore, settings: GstSettings): Promise<Record<string, CategoryTax>> {
  const events = (await store.readStream(CATEGORY_DEFAULTS_STREAM)) as unknown as Event[];
  return events.reduce(evolve, { ...settings.categoryDefaults });
}

export async function setCategoryDefault(store: EventStore, input: Omit<Command['data'], 'at'>, context: CommandContext & { now: Date }) {
  return handleCommand(
    store,
    CATEGORY_DEFAULTS_STREAM,
    { initialState: () => ({}), evolve, decide },
    { type: 'SetCategoryDefault', data: { ...input, at: context.now.toISOString() } },
    context,
  );
}
