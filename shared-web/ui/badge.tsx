import type { ReactNode } from 'react';

/** A label in a pill; each app styles .badge-{variant}. */
export type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline' | 'success' | 'warning' | 'admin';

export function Badge({ variant = 'default', children, title }: { variant?: BadgeVariant; children: ReactNode; title?: string }) {
  return (
    <span className={`badge badge-${variant}`} title={title}>
      {children}
    </span>
  );
}

/** Stock badge of the admin spec: destructive under 10, secondary from 10 up, outline at 0. */
export function StockBadge({ quantity }: { quantity: number }) {
  const variant: BadgeVariant = quantity <= 0 ? 'outline' : quantity < 10 ? 'destructive' : 'secondary';
  return (
    <Badge variant={variant}>
      <span className="num">{quantity}</span>
    </Badge>
  );
}
