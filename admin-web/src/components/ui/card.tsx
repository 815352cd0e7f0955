import type { ReactNode } from 'react';

export function Card({
  title,
  caption,
  actions,
  children,
  className = '',
}: {
  title?: ReactNode;
  caption?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <section className={`card ${className}`}>
      {(title || actions) && (
        <header className="card-head">
          <div>
            {title && <h3 className="card-title">{title}</h3>}
            {caption && <p className="card-caption">{caption}</p>}
          </div>
          {actions && <div className="card-actions">{actions}</div>}
        </header>
      )}
      {children}
    </section>
  );
}
