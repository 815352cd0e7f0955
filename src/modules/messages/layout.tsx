import { Body, Button, Container, Head, Heading, Hr, Html, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';

/** The shop's look in mail: its red, warm paper and near-black ink (web/src/styles), in inline styles mail clients keep. */
export const colours = { red: '#d7263d', paper: '#fbf7f1', surface: '#ffffff', ink: '#17151a', ink2: '#4a4550', muted: '#6f6873' } as const;

const SHOP_NAME = 'Anime Collectibles';

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2, minimumFractionDigits: 0 });
const day = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' });

/** ₹1,29,999 from integer paise (en-IN grouping). */
export const inr = (paise: number) => rupees.format(paise / 100);
/** '5 Nov 2026' in India time. */
export const indianDate = (iso: string) => day.format(new Date(iso));

const text = { color: colours.ink, fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' } as const;

/** One message: the shop's name, a heading, the content and a footer; `preview` is the line inboxes show. */
export function MessageLayout(props: { preview: string; heading: string; children: ReactNode; shopUrl: string }) {
  return (
    <Html lang="en-IN">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: colours.paper, fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: colours.surface, maxWidth: '560px', padding: '24px', borderRadius: '8px' }}>
          <Text style={{ color: colours.red, fontSize: '20px', fontWeight: 700, margin: '0 0 16px' }}>{SHOP_NAME}</Text>
          <Heading as="h1" style={{ color: colours.ink, fontSize: '22px', margin: '0 0 16px' }}>
            {props.heading}
          </Heading>
          {props.children}
          <Hr style={{ borderColor: '#e9e2d8', margin: '24px 0 12px' }} />
          <Text style={{ color: colours.muted, fontSize: '12px', lineHeight: '18px', margin: 0 }}>
            {SHOP_NAME} · {props.shopUrl}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={text}>{children}</Text>;
}

/** The one call to action of a message, in the shop's red. */
export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '20px 0' }}>
      <Button href={href} style={{ backgroundColor: colours.red, color: '#ffffff', padding: '12px 20px', borderRadius: '6px', fontWeight: 600 }}>
        {children}
      </Button>
    </Section>
  );
}

/** An order's lines and total, en-IN rupees. */
export function OrderLines(props: { items: { name: string; quantity: number; unitPricePaise: number }[]; totalPaise: number; shippingPaise?: number }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      {props.items.map((item, i) => (
        <Text key={i} style={{ ...text, margin: '0 0 6px' }}>
          {item.name} × {item.quantity} — {inr(item.unitPricePaise * item.quantity)}
        </Text>
      ))}
      {props.shippingPaise !== undefined ? (
        <Text style={{ ...text, margin: '0 0 6px', color: colours.ink2 }}>Shipping — {props.shippingPaise === 0 ? 'Free' : inr(props.shippingPaise)}</Text>
      ) : null}
      <Text style={{ ...text, fontWeight: 700 }}>Total: {inr(props.totalPaise)}</Text>
    </Section>
  );
}
