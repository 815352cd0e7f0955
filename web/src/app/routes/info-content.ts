import type { INFO_PATHS } from './info-paths';
import INFO_PAGES from './info-pages.json';

export interface InfoPage {
  title: string;
  intro: string;
  sections: { heading: string; body: string }[];
  links?: { to: string; label: string }[];
}

type InfoPath = (typeof INFO_PATHS)[number];
type StorePath = Extract<InfoPath, `/stores/${string}`>;

const store = (city: string, address: string, hours: string): InfoPage => ({
  title: `Anime Collectibles ${city}`,
  intro: `Visit our ${city} store to see figures up close before you buy.`,
  sections: [
    { heading: 'Address', body: address },
    { heading: 'Opening hours', body: hours },
    {
      heading: 'In store',
      body: 'Display cases of current releases, pre-order desk, and pickup for orders placed online (choose the store city at checkout and mention it in the address line).',
    },
  ],
  links: [{ to: '/stores', label: 'All stores' }],
});

/**
 * The text of every informational page: the prose is data (info-pages.json, one entry a page), the three store pages
 * share one template. Typed by INFO_PATHS, so a path routed without content (or content never routed) fails to compile.
 */
export const INFO_CONTENT: Record<InfoPath, InfoPage> = {
  ...(INFO_PAGES satisfies Record<Exclude<InfoPath, StorePath>, InfoPage>),
  '/stores/mumbai': store('Mumbai', 'Shop 12, Phoenix Palladium, Lower Parel, Mumbai 400013', 'Every day 11:00–21:30'),
  '/stores/pune': store('Pune', 'Unit 8, Phoenix Marketcity, Viman Nagar, Pune 411014', 'Every day 11:00–21:00'),
  '/stores/bangalore': store('Bangalore', 'G-21, Orion Mall, Rajajinagar, Bengaluru 560055', 'Every day 10:30–21:30'),
};
