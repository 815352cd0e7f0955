export interface InfoPage {
  title: string;
  intro: string;
  sections: { heading: string; body: string }[];
  links?: { to: string; label: string }[];
}

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

export const INFO_CONTENT: Record<string, InfoPage> = {
  '/help': {
    title: 'Help & Support',
    intro: 'We are here to help with orders, payments, deliveries and returns.',
    sections: [
      { heading: 'Track an order', body: 'Open Orders from the account menu to see each order’s status, tracking number and estimated delivery.' },
      { heading: 'Payments', body: 'Pay online by card, UPI or netbanking, or choose Cash on Delivery for orders of ₹1,000 or more.' },
      { heading: 'Talk to us', body: 'Write to support@animecollectibles.in or call +91 22 4000 1234, Monday to Saturday, 10:00–19:00 IST.' },
    ],
    links: [
      { to: '/faq', label: 'FAQ' },
      { to: '/returns', label: 'Returns' },
      { to: '/contact', label: 'Contact us' },
    ],
  },
  '/contact': {
    title: 'Contact Us',
    intro: 'Questions about a figure, an order or a bulk purchase? Reach us any of these ways.',
    sections: [
      { heading: 'E-mail', body: 'support@animecollectibles.in — we answer within one working day.' },
      { heading: 'Phone', body: '+91 22 4000 1234, Monday to Saturday, 10:00–19:00 IST.' },
      { heading: 'Registered office', body: 'Anime Collectibles, 4th Floor, Kamala Mills, Lower Parel, Mumbai 400013, Maharashtra.' },
    ],
  },
  '/returns': {
    title: 'Returns & Refunds',
    intro: 'Free returns within 7 days of delivery.',
    sections: [
      { heading: 'What can be returned', body: 'Unopened items in their original packaging, and any item that arrived damaged or not as described.' },
      {
        heading: 'How to return',
        body: 'Write to support@animecollectibles.in with your order number (AC-YYYY-NNNNNN). We arrange a pickup with our courier partner.',
      },
      {
        heading: 'Refunds',
        body: 'Online payments are refunded to the original method within 5–7 working days of pickup; Cash on Delivery orders by bank transfer.',
      },
    ],
  },
  '/faq': {
    title: 'Frequently Asked Questions',
    intro: 'Quick answers to what collectors ask us most.',
    sections: [
      {
        heading: 'Are your products authentic?',
        body: 'Yes. Every figure is officially licensed and sourced from the manufacturer or its authorised distributors.',
      },
      { heading: 'How much is shipping?', body: 'Free on orders of ₹1,000 or more; ₹100 below that.' },
      { heading: 'Can I pay on delivery?', body: 'Cash on Delivery is available for orders of ₹1,000 or more.' },
      { heading: 'How long does delivery take?', body: 'Usually 3–5 working days after shipping; your order page shows the estimate and tracking number.' },
    ],
  },
  '/account': {
    title: 'Your Account',
    intro: 'Manage your details, addresses, wishlist and orders.',
    sections: [{ heading: 'Signed in?', body: 'Open your profile to edit your details and saved addresses, or Orders to follow a delivery.' }],
    links: [
      { to: '/profile', label: 'Profile' },
      { to: '/orders', label: 'Orders' },
      { to: '/login', label: 'Sign In' },
    ],
  },
  '/about': {
    title: 'About Anime Collectibles',
    intro: 'A shop by collectors, for collectors — started in Mumbai in 2021.',
    sections: [
      {
        heading: 'What we sell',
        body: 'Scale figures, chibi figures and keychains from the series India loves, with die-cast cars and trending picks on the way.',
      },
      { heading: 'How we work', body: 'Licensed stock only, careful packing, and honest delivery estimates.' },
    ],
  },
  '/careers': {
    title: 'Careers',
    intro: 'We are a small team that loves anime and logistics in equal measure.',
    sections: [
      {
        heading: 'Open roles',
        body: 'Warehouse associate (Mumbai), customer support (remote, Hindi and English). Send your CV to careers@animecollectibles.in.',
      },
    ],
  },
  '/gift-vouchers': {
    title: 'Gift Vouchers',
    intro: 'Let them pick their own favourite.',
    sections: [{ heading: 'How they work', body: 'Vouchers of ₹500, ₹1,000 and ₹2,500 are sold at our stores and valid for one year, online and in store.' }],
  },
  '/community': {
    title: 'Community',
    intro: 'Meet fellow collectors.',
    sections: [{ heading: 'Events', body: 'Monthly unboxing meet-ups at our Mumbai, Pune and Bangalore stores. Follow the newsletter for dates.' }],
  },
  '/terms': {
    title: 'Terms of Use',
    intro: 'The short version of the rules for shopping with us.',
    sections: [
      { heading: 'Prices', body: 'Prices are in Indian rupees and include GST. Shipping is shown before you pay.' },
      {
        heading: 'Orders',
        body: 'An order is confirmed once payment succeeds (or, for Cash on Delivery, when you confirm it). Unpaid online orders are cancelled after 30 minutes.',
      },
      { heading: 'Reviews', body: 'Only shoppers who received a product may review it, once per product.' },
    ],
  },
  '/privacy': {
    title: 'Privacy Policy',
    intro: 'We collect only what we need to deliver your order, keep it encrypted, and erase it when you ask. Notice version 2026-11-24.',
    sections: [
      {
        heading: 'What we keep and why',
        body: 'Your name, e-mail, phone and delivery addresses, to deliver your orders and let you sign in; your orders, reviews and wishlist, to run your account. Card details never reach us: payments are handled by our payment provider. Your password is kept only as a salted hash, apart from everything else.',
      },
      {
        heading: 'How we protect it',
        body: 'Your personal details are stored encrypted with a key of your own (AES-256). Our audit records hold only the encrypted form.',
      },
      {
        heading: 'How long',
        body: 'As long as you have an account. When you delete it, your key is destroyed and your name, contact details and addresses become unreadable everywhere at once; your orders stay as amounts and items only. The seller copy of each tax invoice is kept, as GST law requires, for 72 months from the due date of that year’s annual return, then deleted.',
      },
      {
        heading: 'Your choices',
        body: 'Edit your details and addresses from your profile at any time. Download everything we hold about you as a file, or delete your account, from your profile. You accept this notice when you create an account; we record which version and when.',
      },
    ],
  },
  '/sitemap': {
    title: 'Sitemap',
    intro: 'Every page of the shop in one place.',
    sections: [],
    links: [
      { to: '/', label: 'Home' },
      { to: '/anime-figures', label: 'Anime Figures' },
      { to: '/keychains', label: 'Keychains' },
      { to: '/products', label: 'All Products' },
      { to: '/cart', label: 'Cart' },
      { to: '/wishlist', label: 'Wishlist' },
      { to: '/orders', label: 'Orders' },
      { to: '/profile', label: 'Profile' },
      { to: '/help', label: 'Help' },
      { to: '/about', label: 'About' },
    ],
  },
  '/newsletter': {
    title: 'Newsletter',
    intro: 'New arrivals, restocks and store events, twice a month.',
    sections: [{ heading: 'Subscribe', body: 'Send "subscribe" to newsletter@animecollectibles.in. Unsubscribe with one click from any issue.' }],
  },
  '/blog': {
    title: 'Blog',
    intro: 'Collector guides and release notes.',
    sections: [
      { heading: 'How to spot a bootleg figure', body: 'Check the licence sticker, the paint on the eyes and the box print quality.' },
      { heading: 'Dusting and displaying', body: 'A soft make-up brush and a closed cabinet away from sunlight keep paint fresh for years.' },
    ],
  },
  '/stores': {
    title: 'Our Stores',
    intro: 'Three stores, open every day.',
    sections: [],
    links: [
      { to: '/stores/mumbai', label: 'Mumbai' },
      { to: '/stores/pune', label: 'Pune' },
      { to: '/stores/bangalore', label: 'Bangalore' },
    ],
  },
  '/stores/mumbai': store('Mumbai', 'Shop 12, Phoenix Palladium, Lower Parel, Mumbai 400013', 'Every day 11:00–21:30'),
  '/stores/pune': store('Pune', 'Unit 8, Phoenix Marketcity, Viman Nagar, Pune 411014', 'Every day 11:00–21:00'),
  '/stores/bangalore': store('Bangalore', 'G-21, Orion Mall, Rajajinagar, Bengaluru 560055', 'Every day 10:30–21:30'),
  '/forgot-password': {
    title: 'Forgot your password?',
    intro: 'Write to support@animecollectibles.in from the e-mail address of your account and we will help you reset it.',
    sections: [],
    links: [{ to: '/login', label: 'Back to Sign In' }],
  },
};
